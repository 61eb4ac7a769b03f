import { useId } from 'react';
import { PHOTO_TYPES } from './compressPhoto.ts';

interface Props {
  readonly label: string;
  readonly onFile: (file: File | null) => void;
  /** Already translated. */
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly previewUrl?: string | null | undefined;
  readonly previewAlt?: string;
  readonly name?: string;
}

/** A labelled photo picker; on a phone `accept` offers the camera too. */
export function PhotoField({ label, onFile, error, hint, previewUrl, previewAlt = '', name }: Props) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {previewUrl ? <img className="photo-preview" src={previewUrl} alt={previewAlt} /> : null}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

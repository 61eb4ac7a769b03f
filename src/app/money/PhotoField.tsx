import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import { FieldMessages, useFieldDescription } from '../forms/FieldMessages.tsx';
import { PHOTO_TYPES } from './compressPhoto.ts';

interface Props {
  readonly label: string;
  readonly onFile: (file: File | null) => void;
  /** Already translated. */
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly name?: string;
}

/** A local preview of the chosen photo, released when it changes or the field goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.type.startsWith('image/')) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/**
 * A labelled photo picker styled as a button, with the chosen file's name and a preview.
 * The native input stays in the page, visually hidden but focusable, so keyboards, screen readers and the
 * phone's camera offer (`accept`) all work as before.
 */
export function PhotoField({ label, onFile, error, hint, name }: Props) {
  const { t } = useTranslation();
  const field = useFieldDescription(hint, error);
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreview(file);
  return (
    <div className="field photo-field">
      <input
        id={field.id}
        className="photo-field__input"
        name={name}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          setFile(chosen);
          onFile(chosen);
        }}
        aria-invalid={field.invalid}
        aria-describedby={field.describedBy}
      />
      <label htmlFor={field.id} className="photo-field__label">
        <span>{label}</span>
        {/* The visible button; the input itself already announces the chosen file. */}
        <span className="photo-field__picker" aria-hidden="true">
          <span className="photo-field__action">{t(file ? 'money.photo_change' : 'money.photo_choose')}</span>
          {file ? <span className="photo-field__name">{file.name}</span> : null}
        </span>
      </label>
      {preview ? <img className="photo-preview" src={preview} alt={label} /> : null}
      <FieldMessages id={field.id} hint={hint} error={error} />
    </div>
  );
}

import { useId } from 'react';

/** The ids that tie a field's hint and error to its control, so a screen reader reads them with it. */
export interface FieldDescription {
  readonly id: string;
  readonly describedBy: string | undefined;
  readonly invalid: true | undefined;
}

export function useFieldDescription(hint: string | undefined, error: string | undefined): FieldDescription {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, describedBy: describedBy || undefined, invalid: error ? true : undefined };
}

/** A field's hint and error (both already translated), under its control. */
export function FieldMessages({ id, hint, error }: { readonly id: string; readonly hint?: string | undefined; readonly error?: string | undefined }) {
  return (
    <>
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
    </>
  );
}

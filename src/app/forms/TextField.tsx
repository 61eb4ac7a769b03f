import type { InputHTMLAttributes } from 'react';
import { FieldMessages, useFieldDescription } from './FieldMessages.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby' | 'onChange' | 'value'>;

export interface TextFieldProps extends InputProps {
  readonly label: string;
  readonly value: string;
  readonly onValue: (value: string) => void;
  /** Already translated. */
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ label, value, onValue, error, hint, ...input }: TextFieldProps) {
  const field = useFieldDescription(hint, error);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        {...input}
        id={field.id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={field.invalid}
        aria-describedby={field.describedBy}
      />
      <FieldMessages id={field.id} hint={hint} error={error} />
    </div>
  );
}

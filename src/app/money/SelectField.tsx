import { useId } from 'react';

interface Props {
  readonly label: string;
  readonly value: string;
  readonly onValue: (value: string) => void;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  /** Shown as the empty first choice; already translated. */
  readonly placeholder?: string | undefined;
  readonly error?: string | undefined;
  readonly name?: string;
}

/** A labelled native select (the phone's own picker), with its error tied to it. */
export function SelectField({ label, value, onValue, options, placeholder, error, name }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

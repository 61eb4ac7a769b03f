import { FieldMessages, useFieldDescription } from './FieldMessages.tsx';

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
  const field = useFieldDescription(undefined, error);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select id={field.id} name={name} value={value} onChange={(e) => onValue(e.target.value)} aria-invalid={field.invalid} aria-describedby={field.describedBy}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={field.id} error={error} />
    </div>
  );
}

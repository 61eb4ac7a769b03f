import { useId } from 'react';

interface Props<V extends string> {
  readonly legend: string;
  readonly value: V;
  readonly onValue: (value: V) => void;
  readonly options: readonly { readonly value: V; readonly label: string }[];
}

/** Radio choices as large rows (48 px), so each is an easy target on a phone. */
export function ChoiceGroup<V extends string>({ legend, value, onValue, options }: Props<V>) {
  const name = useId();
  return (
    <fieldset className="choice-list">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="choice">
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onValue(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

import type { i18n as I18n } from 'i18next';
import type { ApiPath } from '../../contract/api.ts';
import { formRefusals, type FormSpec, type Limits } from '../../contract/form-spec.ts';
import type { ApiFailure } from '../../http/failure.ts';

/** Field name → locale key of the message to show under it. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** A missing field gets its own prompt ("Please enter the username"); other reasons their generic text. */
export function messageKeyFor(i18n: Pick<I18n, 'exists'>, field: string, reason: string): string {
  const prompt = `prompt.${field}`;
  return reason === 'field.required' && i18n.exists(prompt) ? prompt : reason;
}

/** The server's `data.fields`, limited to the fields this form shows. */
export function serverFieldErrors<F extends string>(i18n: Pick<I18n, 'exists'>, failure: ApiFailure, fields: readonly F[]): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  const reported = failure.data?.fields ?? {};
  for (const f of fields) {
    const reason = reported[f];
    if (reason) out[f] = messageKeyFor(i18n, f, reason);
  }
  return out;
}

export interface ContractCheck<F extends string> {
  /** A field's own "please enter" key where it differs from `prompt.<field>` (an empty amount included). */
  readonly prompts?: Partial<Record<F, string>>;
  /** The figures the screen read from the server for the form's limits (a minimum). */
  readonly known?: Limits;
  /** Only these fields, as if the rest were good (one step of a form). */
  readonly only?: readonly F[];
}

/** The form's own check before sending: the contract's schema on the body it would send, as the server checks it. */
export function contractFieldErrors<F extends string>(
  i18n: Pick<I18n, 'exists'>,
  spec: FormSpec<F, ApiPath>,
  values: Readonly<Record<F, string>>,
  { prompts = {}, known = {}, only = spec.fields }: ContractCheck<F> = {},
): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [field, reason] of Object.entries(formRefusals(spec, values, known, only)) as [F, string][]) {
    const missing = reason === 'field.required' || reason === 'error.amount_required';
    out[field] = missing && prompts[field] ? prompts[field] : messageKeyFor(i18n, field, reason);
  }
  return out;
}

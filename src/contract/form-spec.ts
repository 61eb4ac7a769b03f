// What a form is: the request it sends, its fields, the body it builds from what the member typed and the contract's
// schema for that body, and how that body is checked (formRefusals) as the server checks it. The forms themselves
// are in forms.ts and order-form.ts; this file builds no schema, so a screen that loads one form evaluates no other's.
import type { z } from 'zod';
import type { ApiPath, Req } from './api.ts';
import type { ErrorKey, FieldKey } from './errors.ts';
import { fieldsOf } from './fields.ts';
import { parseCents } from '../shared/money.ts';

export interface FormSpec<F extends string, P extends ApiPath = ApiPath> {
  /** The request the form sends. */
  readonly path: P;
  /** The fields the member fills in, in screen order. */
  readonly fields: readonly F[];
  /** The contract's schema for the body. */
  readonly schema: z.ZodType;
  /** The body the form sends for these values: what is checked is exactly what is sent. */
  body(values: Readonly<Record<F, string>>): Req<P>;
  /**
   * The server's rules on stored figures the screen also reads (a minimum from common/config, a product's limits),
   * checked once the schema has taken the body, with the reason the server gives.
   */
  limits?(body: Req<P>, known: Limits): Partial<Record<F, FieldKey | ErrorKey>>;
}

/** Figures the screen has from the server that a form's limits check against (decimal strings, as on the wire). */
export interface Limits {
  readonly minAmount?: string | null;
  readonly maxAmount?: string | null;
}

/**
 * Why each field is refused (a locale key), as the server would answer it in `data.fields`; empty when the form may
 * be sent. The limits are checked once the schema takes the body, as the server does. `only` checks a step of a
 * form (a deposit's amount before its reference is asked for) as if the fields after it were good.
 */
export function formRefusals<F extends string>(
  spec: FormSpec<F, ApiPath>,
  values: Readonly<Record<F, string>>,
  known: Limits = {},
  only: readonly F[] = spec.fields,
): Partial<Record<F, FieldKey | ErrorKey>> {
  const body = spec.body(values);
  const parsed = spec.schema.safeParse(body);
  const all = parsed.success ? {} : fieldsOf(parsed.error);
  const out: Partial<Record<F, FieldKey | ErrorKey>> = {};
  for (const field of only) {
    const reason = all[field];
    if (reason) out[field] = reason;
  }
  const whole = only.length === spec.fields.length;
  if (Object.keys(out).length > 0 || (whole && !parsed.success) || !spec.limits) return out;
  const limited = spec.limits(body, known);
  for (const field of only) {
    const reason = limited[field];
    if (reason) out[field] = reason;
  }
  return out;
}

export const form = <const F extends string, P extends ApiPath>(spec: FormSpec<F, P>): FormSpec<F, P> => spec;

/** Where an amount (already a valid amount) falls against a minimum and a maximum: the reason, or null inside. */
export function outsideLimits(amount: string, known: Limits): 'below' | 'above' | null {
  const cents = parseCents(amount);
  const min = known.minAmount ? parseCents(known.minAmount) : null;
  const max = known.maxAmount ? parseCents(known.maxAmount) : null;
  if (cents === null) return null;
  if (min !== null && cents < min) return 'below';
  if (max !== null && cents > max) return 'above';
  return null;
}

/**
 * Deposits and withdrawals refuse an amount under common/config's minimum as an incorrect amount (the spec's
 * message); the server refuses by this rule too.
 */
export const underMinimum = (body: { readonly amount: string }, known: Limits) =>
  outsideLimits(body.amount, { minAmount: known.minAmount ?? null }) === 'below' ? { amount: 'error.amount_incorrect' as const } : {};

/** A product's minimum and maximum (earn products, market orders), with the reasons: the server refuses by this rule too. */
export const buyLimits = (body: { readonly amount: string }, known: Limits) => {
  const outside = outsideLimits(body.amount, known);
  if (outside === 'below') return { amount: 'error.below_minimum' as const };
  if (outside === 'above') return { amount: 'error.above_maximum' as const };
  return {};
};

import { parseCents } from '../../shared/money.ts';

/**
 * Client checks of an amount a member types, as the contract's requestAmount has them, with the spec's own messages
 * ("Please Enter The Amount", "Incorrect Amount"), and the config's minimum; parsing is src/shared/money.ts.
 */
export function amountError(value: string, min?: string | null): string | undefined {
  const v = value.trim();
  if (!v) return 'error.amount_required';
  const cents = parseCents(v);
  if (cents === null || cents === 0n) return 'error.amount_incorrect';
  const limit = min ? parseCents(min) : null;
  if (limit !== null && cents < limit) return 'error.amount_incorrect';
  return undefined;
}

/** Spec 5/9: the payment password has 6 digits. */
export const isPayPassword = (value: string): boolean => /^\d{6}$/.test(value);

/**
 * Client checks of an amount a member types, mirroring the contract's requestAmount: the spec's own messages
 * ("Please Enter The Amount", "Incorrect Amount"), so most mistakes never leave the phone.
 */
const AMOUNT = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;
const ZERO = /^0(\.0{1,2})?$/;

/** Exact cents of a decimal string with at most 2 decimals (never a float). */
export function toCents(value: string): bigint {
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return value.startsWith('-') ? -cents : cents;
}

/** A locale key for what is wrong with the amount, or undefined; `min` is the config's minimum. */
export function amountError(value: string, min?: string | null): string | undefined {
  const v = value.trim();
  if (!v) return 'error.amount_required';
  if (!AMOUNT.test(v) || ZERO.test(v)) return 'error.amount_incorrect';
  if (min && toCents(v) < toCents(min)) return 'error.amount_incorrect';
  return undefined;
}

/** Spec 5/9: the payment password has 6 digits. */
export const isPayPassword = (value: string): boolean => /^\d{6}$/.test(value);

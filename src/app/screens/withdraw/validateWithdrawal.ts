import type { FieldErrors } from '../../components/fieldErrors.ts';
import { amountError, isPayPassword } from '../../money/amount.ts';

export const withdrawFields = ['amount', 'payPassword', 'addressId'] as const;
export type WithdrawField = (typeof withdrawFields)[number];

/**
 * The spec's amount messages, the minimum from config and the 6-digit password. Whether the balance covers it
 * is the server's call: it first says what is missing (no card, no address), then whether the money is there.
 */
export function validateWithdrawal(v: Record<WithdrawField, string>, min: string | null): FieldErrors<WithdrawField> {
  const e: FieldErrors<WithdrawField> = {};
  const amount = amountError(v.amount, min);
  if (amount) e.amount = amount;
  if (!v.payPassword) e.payPassword = 'prompt.withdrawPassword';
  else if (!isPayPassword(v.payPassword)) e.payPassword = 'field.pay_password_format';
  return e;
}

import type { FieldErrors } from '../../components/fieldErrors.ts';
import { amountError, isPayPassword } from '../../money/amount.ts';

export const refundFields = ['nationality', 'name', 'idNumber', 'lostAmount', 'refundNumber', 'payPassword'] as const;
export type RefundField = (typeof refundFields)[number];

// The contract's bounds for each text field.
const MAX = { nationality: 64, name: 64, idNumber: 32, refundNumber: 64 } as const;

export function validateRefund(v: Record<RefundField, string>): FieldErrors<RefundField> {
  const e: FieldErrors<RefundField> = {};
  for (const f of ['nationality', 'name', 'idNumber', 'refundNumber'] as const) {
    const value = v[f].trim();
    if (!value) e[f] = `prompt.${f}`;
    else if (value.length > MAX[f]) e[f] = 'field.too_long';
  }
  const amount = amountError(v.lostAmount);
  // An empty loss gets its own prompt; a malformed one the spec's "Incorrect Amount".
  if (amount) e.lostAmount = amount === 'error.amount_required' ? 'prompt.lostAmount' : amount;
  if (!v.payPassword) e.payPassword = 'prompt.payPassword';
  else if (!isPayPassword(v.payPassword)) e.payPassword = 'field.pay_password_format';
  return e;
}

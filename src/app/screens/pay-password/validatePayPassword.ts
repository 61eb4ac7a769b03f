import type { FieldErrors } from '../../components/fieldErrors.ts';
import { isPayPassword } from '../../money/amount.ts';

export const payPasswordFields = ['loginPassword', 'oldPayPassword', 'newPayPassword', 'confirmPayPassword'] as const;
export type PayPasswordField = (typeof payPasswordFields)[number];

/** Setting proves identity with the login password; changing, with the current 6-digit one. */
export function validatePayPassword(v: Record<PayPasswordField, string>, changing: boolean): FieldErrors<PayPasswordField> {
  const e: FieldErrors<PayPasswordField> = {};
  if (changing) {
    if (!v.oldPayPassword) e.oldPayPassword = 'prompt.oldPayPassword';
    else if (!isPayPassword(v.oldPayPassword)) e.oldPayPassword = 'field.pay_password_format';
  } else if (!v.loginPassword) e.loginPassword = 'prompt.loginPassword';
  if (!v.newPayPassword) e.newPayPassword = 'prompt.newPayPassword';
  else if (!isPayPassword(v.newPayPassword)) e.newPayPassword = 'field.pay_password_format';
  if (!v.confirmPayPassword) e.confirmPayPassword = 'prompt.confirmPayPassword';
  else if (v.confirmPayPassword !== v.newPayPassword) e.confirmPayPassword = 'field.confirm_mismatch';
  return e;
}

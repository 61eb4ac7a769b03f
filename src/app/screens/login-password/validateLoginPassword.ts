import type { FieldErrors } from '../../components/fieldErrors.ts';

export const loginPasswordFields = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
export type LoginPasswordField = (typeof loginPasswordFields)[number];

// The contract's password: 6 to 64 characters.
const MIN = 6;
const MAX = 64;

export function validateLoginPassword(v: Record<LoginPasswordField, string>): FieldErrors<LoginPasswordField> {
  const e: FieldErrors<LoginPasswordField> = {};
  if (!v.oldPassword) e.oldPassword = 'prompt.oldPassword';
  if (!v.newPassword) e.newPassword = 'prompt.newPassword';
  else if (v.newPassword.length < MIN || v.newPassword.length > MAX) e.newPassword = 'field.password_format';
  if (!v.confirmPassword) e.confirmPassword = 'prompt.confirmNewPassword';
  else if (v.confirmPassword !== v.newPassword) e.confirmPassword = 'field.confirm_mismatch';
  return e;
}

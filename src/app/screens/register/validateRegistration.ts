import type { FieldErrors } from '../../components/fieldErrors.ts';

export const regFields = ['username', 'phone', 'password', 'confirmPassword', 'inviteCode'] as const;
export type RegField = (typeof regFields)[number];
export type RegValues = Record<RegField, string>;

// Spec 5/9: at most 18 letters and digits; a phone number has 11 digits. Passwords as the contract bounds them.
const USERNAME = /^[A-Za-z0-9]{1,18}$/;
const PHONE = /^\d{11}$/;
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 64;

/** Client-side checks mirroring the contract, so most mistakes never leave the phone. */
export function validateRegistration(v: RegValues): FieldErrors<RegField> {
  const e: FieldErrors<RegField> = {};
  const username = v.username.trim();
  if (!username) e.username = 'prompt.username';
  else if (!USERNAME.test(username)) e.username = 'field.username_format';

  const phone = v.phone.trim();
  if (!phone) e.phone = 'prompt.phone';
  else if (!PHONE.test(phone)) e.phone = 'field.phone_format';

  if (!v.password) e.password = 'prompt.password';
  else if (v.password.length < PASSWORD_MIN || v.password.length > PASSWORD_MAX) e.password = 'field.password_format';

  if (!v.confirmPassword) e.confirmPassword = 'prompt.confirmPassword';
  else if (v.confirmPassword !== v.password) e.confirmPassword = 'field.confirm_mismatch';

  if (!v.inviteCode.trim()) e.inviteCode = 'prompt.inviteCode';
  return e;
}

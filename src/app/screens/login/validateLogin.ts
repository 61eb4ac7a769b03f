import type { FieldErrors } from '../../components/fieldErrors.ts';

export const loginFields = ['username', 'password'] as const;
export type LoginField = (typeof loginFields)[number];
export type LoginValues = Record<LoginField, string>;

/** Only presence is checked here: the server decides whether the pair is right. */
export function validateLogin(v: LoginValues): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  if (!v.username.trim()) errors.username = 'prompt.username';
  if (!v.password) errors.password = 'prompt.password';
  return errors;
}

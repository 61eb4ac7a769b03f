/** The transaction password has 6 digits (spec 5); the server still decides whether it is right. */
export function validatePayPassword(value: string): 'prompt.payPassword' | 'field.pay_password_format' | null {
  if (value === '') return 'prompt.payPassword';
  return /^\d{6}$/.test(value) ? null : 'field.pay_password_format';
}

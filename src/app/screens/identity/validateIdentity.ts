import type { FieldErrors } from '../../components/fieldErrors.ts';

export const identityFields = ['realName', 'idNumber', 'front', 'back'] as const;
export type IdentityField = (typeof identityFields)[number];
export type Side = 'front' | 'back';

// The contract's ID number: 5-32 letters, digits or dashes.
const ID_NUMBER = /^[A-Za-z0-9-]{5,32}$/;

/** `front` and `back` hold the chosen file's name: empty means no photo yet. */
export function validateIdentity(v: Record<IdentityField, string>): FieldErrors<IdentityField> {
  const e: FieldErrors<IdentityField> = {};
  const name = v.realName.trim();
  if (!name) e.realName = 'prompt.realName';
  else if (name.length > 64) e.realName = 'field.too_long';
  const id = v.idNumber.trim();
  if (!id) e.idNumber = 'prompt.idNumber';
  else if (!ID_NUMBER.test(id)) e.idNumber = 'field.invalid';
  if (!v.front) e.front = 'prompt.front';
  if (!v.back) e.back = 'prompt.back';
  return e;
}

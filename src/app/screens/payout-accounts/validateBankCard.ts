import type { FieldErrors } from '../../components/fieldErrors.ts';
import { TRC20_SHAPE } from '../../../shared/trc20.ts';

export const cardFields = ['bankName', 'cardNumber', 'accountName', 'branch', 'city', 'province'] as const;
export type CardField = (typeof cardFields)[number];
export type CardValues = Record<CardField, string>;

// The contract's bounds: 8-30 digits; names and places as long as the server stores them.
const CARD_NUMBER = /^\d{8,30}$/;
const MAX: Record<CardField, number> = { bankName: 64, cardNumber: 30, accountName: 64, branch: 128, city: 64, province: 64 };

/** Spec 5: each field has its own required prompt. Spaces a member types in a card number are ignored. */
export function validateCard(v: CardValues): FieldErrors<CardField> {
  const e: FieldErrors<CardField> = {};
  for (const f of cardFields) {
    const value = f === 'cardNumber' ? normaliseCardNumber(v[f]) : v[f].trim();
    if (!value) e[f] = `prompt.${f}`;
    else if (value.length > MAX[f]) e[f] = 'field.too_long';
  }
  if (!e.cardNumber && !CARD_NUMBER.test(normaliseCardNumber(v.cardNumber))) e.cardNumber = 'field.card_format';
  return e;
}

export const normaliseCardNumber = (s: string): string => s.replace(/[\s-]/g, '');

export const addressFields = ['address'] as const;
export type AddressField = (typeof addressFields)[number];

/** The shape here; the checksum (async, WebCrypto) is checked on submit with the shared function. */
export function validateAddress(v: Record<AddressField, string>): FieldErrors<AddressField> {
  const address = v.address.trim();
  if (!address) return { address: 'prompt.address' };
  if (!TRC20_SHAPE.test(address)) return { address: 'field.address_format' };
  return {};
}

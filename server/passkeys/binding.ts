import { createHash, randomBytes } from 'node:crypto';
import type { PasskeyPurpose } from '../db/schema/passkeys.ts';
import { fromCents, type Cents } from '../../src/shared/money.ts';

/**
 * What a passkey approves, written down one way only. A challenge is SHA-256 of a random nonce, the purpose and
 * the canonical payload of the request approved; the browser has the authenticator sign over it. The server keeps
 * the nonce and, when the request arrives, derives the challenge again from the request's OWN values: a signature
 * made for another amount, another address or another member matches nothing.
 */
export type Payload = readonly (readonly [string, string])[];

/** Unambiguous text of a payload: JSON of its [name, value] pairs, in the order the caller lists them. */
export const canonical = (payload: Payload): string => JSON.stringify(payload);

export const payloadDigest = (payload: Payload): string => createHash('sha256').update(canonical(payload)).digest('hex');

/** 32 random bytes, base64url. */
export const newNonce = (): string => randomBytes(32).toString('base64url');

/** The challenge for (nonce, purpose, payload), base64url: NUL separates the parts (neither nonce nor purpose holds one). */
export function deriveChallenge(nonce: string, purpose: PasskeyPurpose, payload: Payload): string {
  return createHash('sha256').update(nonce).update('\0').update(purpose).update('\0').update(canonical(payload)).digest('base64url');
}

/** Where a withdrawal goes, as the withdrawal will record it: the kind, the bound row's id and its full text. */
export interface Destination {
  readonly kind: 'bank' | 'trc20';
  readonly id: number;
  readonly text: string;
}

/** A withdrawal: the member, the amount in the wire's decimal form ("10" and "10.00" are one amount), where to. */
export const withdrawalPayload = (member: number, amount: Cents, to: Destination): Payload => [
  ['member', String(member)],
  ['amount', fromCents(amount)],
  ['kind', to.kind],
  ['destination', String(to.id)],
  ['to', to.text],
];

/** A new transaction password: `pinMac` is a keyed hash of the new PIN (pinMac in step-up.ts), never the PIN. */
export const payPasswordPayload = (member: number, pinMac: string): Payload => [['member', String(member)], ['pin', pinMac]];

export const removalPayload = (member: number, passkeyId: number): Payload => [['member', String(member)], ['passkey', String(passkeyId)]];

export const registrationPayload = (member: number): Payload => [['member', String(member)]];

/** A sign-in approves nothing but itself: the member is not known until the passkey names them. */
export const loginPayload: Payload = [];

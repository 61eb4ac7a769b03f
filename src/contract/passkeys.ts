import { z } from 'zod';
import { epochMs, id, loginPassword, payPassword, requiredText } from './primitives.ts';
import { paymentMethod, requestAmount } from './user.ts';
import { creationOptions, passkeyAssertion, passkeyAttestation, requestOptions, whenObject } from './webauthn.ts';

/** Passkeys: a member's list, adding and removing one, signing in with one, and the options of a step-up. */
export const PASSKEY_NAME_MAX = 40;
/** The member's own name for it ("Work phone"); control characters are refused before any schema (server/http/body.ts). */
export const passkeyName = requiredText(PASSKEY_NAME_MAX);

export const passkeyItem = z.object({ id: z.number().int(), name: z.string(), createdAt: epochMs, lastUsedAt: epochMs.nullable() });
export type PasskeyItem = z.infer<typeof passkeyItem>;
export const passkeyList = z.object({ items: z.array(passkeyItem) });

export const registerOptionsRes = z.object({ options: creationOptions });
export const passkeyRegisterReq = z.object({ name: passkeyName, response: passkeyAttestation });
export const requestOptionsRes = z.object({ options: requestOptions });
export const passkeyLoginReq = z.object({ response: passkeyAssertion });

/**
 * Removing a passkey is confirmed with the login password or with another of the member's passkeys (a step-up
 * of purpose `passkey_remove` for this id); exactly one of the two.
 */
export const removeReq = z
  .object({ id, loginPassword: loginPassword.optional(), passkey: passkeyAssertion.optional() })
  .refine((b) => b.loginPassword !== undefined || b.passkey !== undefined, { path: ['loginPassword'], message: 'field.required', when: whenObject })
  .refine((b) => b.loginPassword === undefined || b.passkey === undefined, { path: ['passkey'], message: 'field.invalid', when: whenObject });

/**
 * A step-up: the options for one passkey approval of exactly this request. The challenge is derived from what is
 * approved (server/passkeys/binding.ts), so the signature approves nothing else, and it is good once.
 * A withdrawal names what its request will carry (method, amount, address); a new transaction password names
 * the new PIN; a removal names the passkey removed.
 */
export const stepUpReq = z.discriminatedUnion(
  'purpose',
  [
    z.object({ purpose: z.literal('withdrawal'), paymethod: paymentMethod, amount: requestAmount, addressId: id.optional() }),
    z.object({ purpose: z.literal('pay_password'), newPayPassword: payPassword }),
    z.object({ purpose: z.literal('passkey_remove'), id }),
  ],
  { error: 'field.invalid' },
);
export type StepUpReq = z.input<typeof stepUpReq>;


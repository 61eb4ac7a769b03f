import { z } from 'zod';

/**
 * Passkeys (WebAuthn): the browser's JSON forms of its ceremonies (WebAuthn Level 3's `toJSON()`, as
 * @simplewebauthn/browser sends and takes them). Binary values are base64url strings; every one is bounded, so a
 * large body costs nothing before it is refused.
 */
const b64url = (max: number) => z.string({ error: 'field.required' }).min(1, 'field.required').max(max, 'field.invalid').regex(/^[A-Za-z0-9_-]+$/, 'field.invalid');

/** An assertion (navigator.credentials.get): what signs a sign-in or approves one request. */
export const passkeyAssertion = z.object(
  {
    id: b64url(1366),
    rawId: b64url(1366),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64url(4096),
      authenticatorData: b64url(4096),
      signature: b64url(1024),
      userHandle: b64url(128).optional(),
    }),
    clientExtensionResults: z.object({}).loose().default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  },
  { error: 'field.invalid' },
);
export type PasskeyAssertion = z.input<typeof passkeyAssertion>;

/** A new credential (navigator.credentials.create), with its attestation. */
export const passkeyAttestation = z.object(
  {
    id: b64url(1366),
    rawId: b64url(1366),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64url(4096),
      attestationObject: b64url(32_768),
      authenticatorData: b64url(16_384).optional(),
      transports: z.array(z.string().max(32)).max(8).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(4096).optional(),
    }),
    clientExtensionResults: z.object({}).loose().default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  },
  { error: 'field.invalid' },
);
export type PasskeyAttestation = z.input<typeof passkeyAttestation>;

// What the server asks the browser. Every field is always sent, so these types are the browser library's own
// option types minus nothing (an optional field would not fit them under exactOptionalPropertyTypes).
const descriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()) });
const userVerification = z.enum(['required', 'preferred', 'discouraged']);

export const creationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int(),
  attestation: z.enum(['none', 'direct', 'enterprise', 'indirect']),
  excludeCredentials: z.array(descriptor),
  authenticatorSelection: z.object({ residentKey: z.enum(['required', 'preferred', 'discouraged']), requireResidentKey: z.boolean(), userVerification }),
  extensions: z.object({ credProps: z.boolean() }),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])),
});
export type CreationOptions = z.output<typeof creationOptions>;

export const requestOptions = z.object({
  challenge: z.string(),
  rpId: z.string(),
  allowCredentials: z.array(descriptor),
  timeout: z.number().int(),
  userVerification,
});
export type RequestOptions = z.output<typeof requestOptions>;

/**
 * A body's rule across fields runs whatever else is wrong with it, so its reason arrives with the others (a missing
 * PIN beside a bad amount, as the spec's forms show them); only a body that is no object at all skips it.
 */
export const whenObject = (p: { readonly value: unknown }) => typeof p.value === 'object' && p.value !== null;


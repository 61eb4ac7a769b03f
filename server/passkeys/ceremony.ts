import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { CreationOptions, PasskeyAssertion, PasskeyAttestation, RequestOptions } from '../../src/contract/webauthn.ts';
import { ApiError } from '../http/errors.ts';
import type { Credential } from './credentials.ts';
import type { RelyingParty } from './relying-party.ts';

/** ES256 (what nearly every authenticator makes), Ed25519, RS256 (Windows Hello): all Node verifies. */
const ALGORITHMS = [-7, -8, -257];
const TIMEOUT_MS = 60_000;

export const refused = () => new ApiError('error.passkey_refused');

const bytes = (b64url: string) => new Uint8Array(Buffer.from(b64url, 'base64url'));
const descriptor = (c: Credential) => ({ id: c.credentialId, transports: c.transports });

/**
 * A discoverable credential that verifies its user (a fingerprint, the face, the device PIN): a passkey signs the
 * member in on its own and approves money, so it must be theirs and in their hand.
 */
export async function creationOptions(rp: RelyingParty, user: { handle: string; name: string }, have: readonly Credential[], challenge: string): Promise<CreationOptions> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.name,
    userDisplayName: user.name,
    userID: bytes(user.handle),
    challenge: bytes(challenge),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    // The browser says so when one of these is already on the authenticator, instead of making a second.
    excludeCredentials: have.map(descriptor),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return {
    challenge: options.challenge,
    rp: { name: options.rp.name, id: rp.id },
    user: options.user,
    pubKeyCredParams: options.pubKeyCredParams.map((p) => ({ alg: p.alg, type: 'public-key' as const })),
    timeout: TIMEOUT_MS,
    attestation: 'none',
    excludeCredentials: have.map((c) => ({ ...descriptor(c), type: 'public-key' as const })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    extensions: { credProps: true },
    hints: [],
  };
}

/** Options of an assertion; `allow` empty lets the member pick any passkey of this site (a sign-in, the autofill). */
export async function requestOptions(rp: RelyingParty, allow: readonly Credential[], challenge: string): Promise<RequestOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allow.map(descriptor),
    challenge: bytes(challenge),
    timeout: TIMEOUT_MS,
    userVerification: 'required',
  });
  return {
    challenge: options.challenge,
    rpId: rp.id,
    allowCredentials: allow.map((c) => ({ ...descriptor(c), type: 'public-key' as const })),
    timeout: TIMEOUT_MS,
    userVerification: 'required',
  };
}

export interface NewCredential {
  readonly credentialId: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: string[];
}

/** The new credential, when the attestation signs `challenge` from one of our origins with the member verified. */
export async function verifyCreation(rp: RelyingParty, a: PasskeyAttestation, challenge: string): Promise<NewCredential> {
  const response: RegistrationResponseJSON = {
    id: a.id,
    rawId: a.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: a.response.clientDataJSON,
      attestationObject: a.response.attestationObject,
      ...(a.response.transports === undefined ? {} : { transports: a.response.transports }),
    },
    clientExtensionResults: {},
  };
  const result = await orRefused(() =>
    verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    }),
  );
  if (!result.verified) throw refused();
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []).slice(0, 8),
  };
}

/** The authenticator's new counter, when the assertion signs `challenge` with this credential, from our origin. */
export async function verifyAssertion(rp: RelyingParty, a: PasskeyAssertion, challenge: string, credential: Credential): Promise<number> {
  const response: AuthenticationResponseJSON = {
    id: a.id,
    rawId: a.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: a.response.clientDataJSON,
      authenticatorData: a.response.authenticatorData,
      signature: a.response.signature,
      ...(a.response.userHandle === undefined ? {} : { userHandle: a.response.userHandle }),
    },
    clientExtensionResults: {},
  };
  const result = await orRefused(() =>
    verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      credential: { id: credential.credentialId, publicKey: bytes(credential.publicKey), counter: credential.counter, transports: credential.transports },
      requireUserVerification: true,
    }),
  );
  if (!result.verified) throw refused();
  return result.authenticationInfo.newCounter;
}

/** The library throws plain errors for every malformed or mismatching part: each is the member's input, refused. */
async function orRefused<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch {
    throw refused();
  }
}

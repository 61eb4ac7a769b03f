import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { CreationOptions, PasskeyAssertion, PasskeyAttestation, RequestOptions } from '../../contract/webauthn.ts';
import { localFailure } from '../../http/failure.ts';

/** Whether this browser has Web Authentication at all; without it every passkey button stays hidden. */
export const passkeysSupported = (): boolean => typeof globalThis.PublicKeyCredential === 'function';

/**
 * Whether the browser offers passkeys in a field's autofill (conditional mediation), asked of the browser itself,
 * so the sign-in screen loads the ceremony library only where it will be used.
 */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const ask = (globalThis.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> }).isConditionalMediationAvailable;
  return typeof ask === 'function' ? ask.call(globalThis.PublicKeyCredential).catch(() => false) : false;
}

// The ceremony library is fetched when a ceremony starts, never with a screen's code.
const library = () => import('@simplewebauthn/browser');

/** Why a ceremony ended without a passkey, as the failure a form shows. */
function ceremonyFailure(e: unknown) {
  const name = (e as { cause?: { name?: unknown }; name?: unknown } | null)?.cause?.name ?? (e as { name?: unknown } | null)?.name;
  const code = (e as { code?: unknown } | null)?.code;
  // The member closed the browser's prompt, or it timed out, or another ceremony took its place.
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return localFailure('error.passkey_cancelled');
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return localFailure('error.passkey_exists');
  if (name === 'NotSupportedError' || name === 'SecurityError' || !passkeysSupported()) return localFailure('error.passkey_unsupported');
  return localFailure('error.passkey_refused');
}

/** The browser makes a passkey for these options (its own prompt: the fingerprint, face or device PIN). */
export async function createPasskey(options: CreationOptions): Promise<PasskeyAttestation> {
  if (!passkeysSupported()) throw localFailure('error.passkey_unsupported');
  const { startRegistration } = await library();
  try {
    const r = await startRegistration({ optionsJSON: options });
    const transports = r.response.transports;
    return {
      id: r.id,
      rawId: r.rawId,
      type: 'public-key',
      response: { clientDataJSON: r.response.clientDataJSON, attestationObject: r.response.attestationObject, ...(transports ? { transports: [...transports] } : {}) },
    };
  } catch (e) {
    throw ceremonyFailure(e);
  }
}

/**
 * The browser signs these options' challenge with a passkey. `autofill`: wait for the member to pick one in the
 * username field's suggestions (conditional mediation) instead of opening a prompt.
 */
export async function signWithPasskey(options: RequestOptions, autofill = false): Promise<PasskeyAssertion> {
  if (!passkeysSupported()) throw localFailure('error.passkey_unsupported');
  const { startAuthentication } = await library();
  try {
    return assertionOf(await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill }));
  } catch (e) {
    throw ceremonyFailure(e);
  }
}

/** Ends a ceremony in progress (the sign-in screen's autofill, when the member leaves or taps the button). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await library();
  WebAuthnAbortService.cancelCeremony();
}

const assertionOf = (r: AuthenticationResponseJSON): PasskeyAssertion => ({
  id: r.id,
  rawId: r.rawId,
  type: 'public-key',
  response: {
    clientDataJSON: r.response.clientDataJSON,
    authenticatorData: r.response.authenticatorData,
    signature: r.response.signature,
    ...(r.response.userHandle ? { userHandle: r.response.userHandle } : {}),
  },
});

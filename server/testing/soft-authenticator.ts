// A software authenticator for server tests: real P-256 keys (node:crypto) and real WebAuthn bytes
// (authenticatorData, clientDataJSON, a "none" attestation, ECDSA signatures), built by hand, so the server's
// verification runs exactly as it does for a browser's passkey, without a browser.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { CreationOptions, PasskeyAssertion, PasskeyAttestation, RequestOptions } from '../../src/contract/webauthn.ts';

const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const u32 = (n: number) => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

// The little CBOR WebAuthn needs: integers, byte and text strings, maps.
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  return Buffer.concat([Buffer.from([(major << 5) | 26]), u32(n)]);
}
function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Key {
  readonly id: Buffer;
  readonly privateKey: KeyObject;
  readonly cose: Buffer;
  readonly userHandle: string;
  counter: number;
}

export interface Ceremony {
  /** The page the browser says it was on. */
  readonly origin?: string;
  /** The RP ID the authenticator hashes into its data. */
  readonly rpId?: string;
  /** Whether the member was verified (fingerprint, device PIN); a passkey always does. */
  readonly userVerified?: boolean;
  /** Sign with this key instead of the first one the options allow. */
  readonly key?: string;
}

export class SoftAuthenticator {
  private readonly keys = new Map<string, Key>();

  constructor(
    readonly origin = 'http://localhost',
    readonly rpId = 'localhost',
  ) {}

  /** navigator.credentials.create(): a new P-256 key for the user the options name. */
  create(options: CreationOptions, c: Ceremony = {}): PasskeyAttestation {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coord = (s: string | undefined) => Buffer.from(s ?? '', 'base64url');
    const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, coord(jwk.x)], [-3, coord(jwk.y)]]));
    const id = randomBytes(16);
    this.keys.set(b64(id), { id, privateKey, cose, userHandle: options.user.id, counter: 0 });
    const flags = UP | AT | (c.userVerified === false ? 0 : UV);
    const authData = Buffer.concat([sha256(c.rpId ?? this.rpId), Buffer.from([flags]), u32(0), Buffer.alloc(16), Buffer.from([0, id.length]), id, cose]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: c.origin ?? this.origin, crossOrigin: false });
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: { clientDataJSON: b64(Buffer.from(clientDataJSON)), attestationObject: b64(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): signs the options' challenge with one of its keys (any, when none is listed). */
  get(options: RequestOptions, c: Ceremony = {}): PasskeyAssertion {
    const listed = options.allowCredentials.map((d) => d.id);
    const id = c.key ?? [...this.keys.keys()].find((k) => listed.length === 0 || listed.includes(k));
    const key = id === undefined ? undefined : this.keys.get(id);
    if (!key) throw new Error('no passkey on this authenticator for these options');
    key.counter += 1;
    const flags = UP | (c.userVerified === false ? 0 : UV);
    const authData = Buffer.concat([sha256(c.rpId ?? this.rpId), Buffer.from([flags]), u32(key.counter)]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: c.origin ?? this.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key.privateKey);
    return {
      id: b64(key.id),
      rawId: b64(key.id),
      type: 'public-key',
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle: key.userHandle },
      clientExtensionResults: {},
    };
  }

  /** The ids of the passkeys it holds, base64url. */
  ids(): string[] {
    return [...this.keys.keys()];
  }
}

/**
 * TRC20 (TRON) addresses: base58check of 0x41 + a 20-byte account id + the first 4 bytes of a double SHA-256.
 * Shared by the app (instant feedback while typing) and the server (the rule that counts), so both agree.
 * SHA-256 comes from WebCrypto, which Node 20 and every browser have.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_PREFIX = 0x41;
const PAYLOAD_BYTES = 21;
const CHECKSUM_BYTES = 4;
/** The shape alone: 'T' then 33 base58 characters. */
export const TRC20_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

function base58Decode(s: string): Uint8Array<ArrayBuffer> | null {
  let n = 0n;
  for (const ch of s) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; n > 0n; n /= 256n) bytes.unshift(Number(n % 256n));
  for (const ch of s) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return new Uint8Array(bytes);
}

function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  for (; n > 0n; n /= 58n) out = (ALPHABET[Number(n % 58n)] ?? '') + out;
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

async function checksumOf(payload: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const once = await crypto.subtle.digest('SHA-256', payload);
  const twice = await crypto.subtle.digest('SHA-256', once);
  return new Uint8Array(twice, 0, CHECKSUM_BYTES);
}

/** True when `address` is a well-formed TRC20 address whose checksum matches. */
export async function isTrc20Address(address: string): Promise<boolean> {
  if (!TRC20_SHAPE.test(address)) return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== PAYLOAD_BYTES + CHECKSUM_BYTES || bytes[0] !== TRON_PREFIX) return false;
  const expected = await checksumOf(bytes.slice(0, PAYLOAD_BYTES));
  return expected.every((b, i) => b === bytes[PAYLOAD_BYTES + i]);
}

/** The address of a 20-byte account id (tests, demo settings). */
export async function trc20AddressOf(accountId: Uint8Array): Promise<string> {
  if (accountId.length !== PAYLOAD_BYTES - 1) throw new RangeError('a TRON account id has 20 bytes');
  const payload = new Uint8Array(PAYLOAD_BYTES);
  payload[0] = TRON_PREFIX;
  payload.set(accountId, 1);
  const sum = await checksumOf(payload);
  const full = new Uint8Array(PAYLOAD_BYTES + CHECKSUM_BYTES);
  full.set(payload);
  full.set(sum, PAYLOAD_BYTES);
  return base58Encode(full);
}

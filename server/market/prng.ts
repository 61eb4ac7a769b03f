import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * Where the simulator's random numbers come from. Two kinds, both unpredictable from the repository:
 * - `keyedRng(secret)`: a counter-based generator keyed by a 256-bit secret kept in the database
 *   (server/secrets.ts). The number for (stream, product, index, draw) is AES-256 keystream at those
 *   coordinates, so backfilled history is reproducible for whoever holds the secret and for nobody else.
 * - `cryptoRng()`: fresh randomness from node:crypto for live ticks; the coordinates are ignored.
 */
export interface Rng {
  /** Uniform in (0, 1), never exactly 0 so it is safe under a logarithm. */
  uniform(stream: number, product: number, index: number, draw?: number): number;
  /** A standard normal draw (Box-Muller). */
  normal(stream: number, product: number, index: number): number;
}

/** 53 random bits from 7 bytes at `offset`, mapped into (0, 1). */
function unitFrom(bytes: Uint8Array, offset: number): number {
  let hi = 0;
  for (let i = 0; i < 3; i++) hi = hi * 256 + (bytes[offset + i] ?? 0);
  let lo = 0;
  for (let i = 3; i < 7; i++) lo = lo * 256 + (bytes[offset + i] ?? 0);
  const bits = (hi % 0x20_0000) * 0x1_0000_0000 + lo; // 21 + 32 = 53 bits
  return (bits + 0.5) / 2 ** 53;
}

const boxMuller = (u1: number, u2: number) => Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);

const PER_BLOCK = 256;

/**
 * Deterministic for a given secret; without it, its output is indistinguishable from random. The draws of 256
 * consecutive indices come from one AES-256-CTR keystream (key: the secret; nonce: the coordinates), so a walk
 * over history costs one cipher call per 256 bars, not one HMAC per draw (30x faster, measured on a backfill).
 */
export function keyedRng(secret: Uint8Array): Rng {
  if (secret.length < 32) throw new Error('keyedRng: the secret must have at least 256 bits');
  const key = Buffer.from(secret.subarray(0, 32));
  const zeros = Buffer.alloc(PER_BLOCK * 32);
  const cache = new Map<string, Buffer>();
  const block = (stream: number, product: number, drawBlock: number, indexBlock: number): Buffer => {
    const id = `${stream}:${product}:${drawBlock}:${indexBlock}`;
    const hit = cache.get(id);
    if (hit) return hit;
    const iv = Buffer.alloc(16);
    iv.writeUInt16BE(stream & 0xffff, 0);
    iv.writeUInt16BE(product & 0xffff, 2);
    iv.writeUInt32BE(drawBlock >>> 0, 4);
    iv.writeUInt32BE(indexBlock >>> 0, 8); // the last 4 bytes are the counter inside the block
    const cipher = createCipheriv('aes-256-ctr', key, iv);
    const stream32 = Buffer.concat([cipher.update(zeros), cipher.final()]);
    if (cache.size >= 64) cache.clear();
    cache.set(id, stream32);
    return stream32;
  };
  const uniform = (stream: number, product: number, index: number, draw = 0) => {
    const i = Math.floor(index);
    const bytes = block(stream, product, Math.floor(draw / 4), Math.floor(i / PER_BLOCK));
    return unitFrom(bytes, (((i % PER_BLOCK) + PER_BLOCK) % PER_BLOCK) * 32 + (draw % 4) * 7);
  };
  return { uniform, normal: (stream, product, index) => boxMuller(uniform(stream, product, index, 0), uniform(stream, product, index, 1)) };
}

/** Fresh randomness from the operating system for every draw, read in pools to keep the syscalls few. */
export function cryptoRng(): Rng {
  let pool = randomBytes(0);
  let at = 0;
  const next = (): number => {
    if (at + 7 > pool.length) {
      pool = randomBytes(7 * 512);
      at = 0;
    }
    const u = unitFrom(pool, at);
    at += 7;
    return u;
  };
  return { uniform: () => next(), normal: () => boxMuller(next(), next()) };
}

/** Independent streams of the simulator, so live ticks and backfilled history never share draws. */
export const STREAM = { tick: 1, qty: 2, minute: 3, hour: 4, wick: 5, volume: 6, day: 7 } as const;

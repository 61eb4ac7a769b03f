/**
 * A counter-based PRNG: the random number for (seed, stream, product, index) is a pure function of those
 * four integers, so the simulator gives the same path whether it runs live, fills a gap after downtime, or
 * runs in a test, and nothing needs to be saved but the last price.
 */

/** A 32-bit integer mix (a murmur3-style finaliser). */
function mix32(h: number): number {
  let x = h | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Uniform in (0, 1), never exactly 0 so it is safe under a logarithm. */
export function uniform(seed: number, stream: number, product: number, index: number, draw = 0): number {
  // The index may exceed 2^32 (epoch seconds do not, epoch ms would); split it so nothing is lost.
  const lo = index % 0x1_0000_0000;
  const hi = Math.floor(index / 0x1_0000_0000);
  let h = mix32(seed ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(stream + 1, 0x27d4eb2d));
  h = mix32(h ^ Math.imul(product + 1, 0x165667b1));
  h = mix32(h ^ lo);
  h = mix32(h ^ Math.imul(hi + 1, 0x7feb352d));
  h = mix32(h ^ Math.imul(draw + 1, 0x846ca68b));
  return (h + 0.5) / 0x1_0000_0000;
}

/** A standard normal draw (Box-Muller) for the same coordinates. */
export function normal(seed: number, stream: number, product: number, index: number): number {
  const u1 = uniform(seed, stream, product, index, 0);
  const u2 = uniform(seed, stream, product, index, 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Independent streams of the simulator, so live ticks and backfilled history never share draws. */
export const STREAM = { tick: 1, qty: 2, minute: 3, hour: 4, wick: 5, volume: 6, day: 7 } as const;

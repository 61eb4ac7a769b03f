/**
 * Money is bigint minor units (cents) on the server and a decimal string on the wire. Never a float.
 */
export type Cents = bigint;

const AMOUNT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "12.3" -> 1230n. Throws on anything that is not a plain decimal with at most 2 places. */
export function toCents(s: string): Cents {
  const m = AMOUNT.exec(s.trim());
  if (!m) throw new RangeError(`not a money amount: ${s}`);
  const [, sign, int = '0', frac = ''] = m;
  const v = BigInt(int) * 100n + BigInt(frac.padEnd(2, '0'));
  return sign ? -v : v;
}

/** 1230n -> "12.30"; -5n -> "-0.05". */
export function fromCents(c: Cents): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/** A rate as parts per million ("0.85" -> 850000n); rates with more than 6 places are refused. */
export function toPpm(rate: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(rate);
  if (!m) throw new RangeError(`not a rate: ${rate}`);
  return BigInt(m[1] ?? '0') * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'));
}

export function fromPpm(ppm: bigint): string {
  const s = `${ppm / 1_000_000n}.${(ppm % 1_000_000n).toString().padStart(6, '0')}`.replace(/0+$/, '');
  return s.endsWith('.') ? `${s}0` : s;
}

/** amount × rate, rounded down to the cent: the house never pays a fraction it cannot account for. */
export const mulRateFloor = (c: Cents, ppm: bigint): Cents => (c * ppm) / 1_000_000n;
/** amount × rate, rounded up to the cent: used for fees so a fee on a tiny amount is never zero by accident. */
export const mulRateCeil = (c: Cents, ppm: bigint): Cents => (c * ppm + 999_999n) / 1_000_000n;

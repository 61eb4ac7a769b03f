/**
 * Money, written once for the server and the app: bigint minor units (cents) inside, a decimal string on the wire
 * ("1250.50"), rates as parts per million, prices as the server's decimal strings (Price). Never a float. The
 * rounding rules are named here: the house rounds what it pays down and what it charges up, so it never owes or
 * takes a fraction of a cent it cannot account for.
 */
declare const centsBrand: unique symbol;
/** Money in minor units (cents). Branded: only toCents/parseCents/cents() and the helpers here make one. */
export type Cents = bigint & { readonly [centsBrand]: true };
/** Marks a bigint as cents: for literals (`cents(10_00n)`), database values and the result of arithmetic on cents. */
export const cents = (value: bigint): Cents => value as Cents;

declare const priceBrand: unique symbol;
/**
 * A market price as the server writes it: a non-negative decimal string at its product's precision ("1.08342").
 * Branded like Cents, so a price is never taken for money (nor money for a price): only toPrice makes one.
 */
export type Price = string & { readonly [priceBrand]: true };
const PRICE = /^(\d+)(?:\.(\d+))?$/;

/** A wire price as a Price; null for anything that is not a plain non-negative decimal. */
export const toPrice = (s: string): Price | null => (PRICE.test(s) ? (s as Price) : null);

/** -1, 0 or 1 as `a` is below, at or above `b`, exactly: "1.50" and "1.5" are the same price; no float. */
export function comparePrices(a: Price, b: Price): -1 | 0 | 1 {
  const [, aWhole = '0', aFraction = ''] = PRICE.exec(a) ?? [];
  const [, bWhole = '0', bFraction = ''] = PRICE.exec(b) ?? [];
  const places = Math.max(aFraction.length, bFraction.length);
  const x = BigInt(aWhole + aFraction.padEnd(places, '0'));
  const y = BigInt(bWhole + bFraction.padEnd(places, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Parts per million in one (a rate of 1). */
export const PPM = 1_000_000n;

const SIGNED_AMOUNT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;
/** What a member may type as an amount: no sign, at most 12 whole digits and 2 decimals. */
const INPUT_AMOUNT = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/;
const RATE = /^(\d+)(?:\.(\d{1,6}))?$/;

/** "12.3" -> 1230n, "-0.05" -> -5n (wire money). Throws on anything that is not a plain decimal with at most 2 places. */
export function toCents(s: string): Cents {
  const m = SIGNED_AMOUNT.exec(s.trim());
  if (!m) throw new RangeError(`not a money amount: ${s}`);
  const [, sign, int = '0', frac = ''] = m;
  const v = BigInt(int) * 100n + BigInt(frac.padEnd(2, '0'));
  return cents(sign ? -v : v);
}

/** An amount a member typed, or a limit from config: "12.3" -> 1230n; null when it is not a plain non-negative amount. */
export function parseCents(amount: string): Cents | null {
  const m = INPUT_AMOUNT.exec(amount.trim());
  if (!m) return null;
  return cents(BigInt(m[1] ?? '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0')));
}

/** 1230n -> "12.30"; -5n -> "-0.05". */
export function fromCents(c: Cents): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/** A rate as parts per million ("0.85" -> 850000n); null for a rate with more than 6 places or not a number. */
export function parseRatePpm(rate: string): bigint | null {
  const m = RATE.exec(rate.trim());
  if (!m) return null;
  return BigInt(m[1] ?? '0') * PPM + BigInt((m[2] ?? '').padEnd(6, '0'));
}

/** As parseRatePpm, for a rate that must be one (stored settings): throws otherwise. */
export function toPpm(rate: string): bigint {
  const ppm = parseRatePpm(rate);
  if (ppm === null) throw new RangeError(`not a rate: ${rate}`);
  return ppm;
}

export function fromPpm(ppm: bigint): string {
  const s = `${ppm / PPM}.${(ppm % PPM).toString().padStart(6, '0')}`.replace(/0+$/, '');
  return s.endsWith('.') ? `${s}0` : s;
}

/** amount × rate, rounded down to the cent: what the house pays (a win, a profit, a cashback). */
export const mulRateFloor = (c: Cents, ppm: bigint): Cents => cents((c * ppm) / PPM);
/** amount × rate, rounded up to the cent: what the house charges, so a fee on a tiny amount is never zero by accident. */
export const mulRateCeil = (c: Cents, ppm: bigint): Cents => cents((c * ppm + PPM - 1n) / PPM);

/** An order's fee: amount × the product's fee rate, charged (rounded up). */
export const tradeFee = (amount: Cents, feePpm: bigint): Cents => mulRateCeil(amount, feePpm);
/** What a right call wins on top of its amount: amount × the payout rate, paid (rounded down). */
export const tradeGain = (amount: Cents, payoutPpm: bigint): Cents => mulRateFloor(amount, payoutPpm);

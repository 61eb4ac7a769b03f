/**
 * Prices and quantities are bigint in the product's own minor unit (value × 10^decimals), so they are
 * stored and compared exactly; the wire carries them as decimal strings at the product's precision.
 */

/** 108450n, 5 -> "1.08450"; 12n, 0 -> "12". */
export function formatScaled(value: bigint, decimals: number): string {
  const neg = value < 0n;
  const digits = (neg ? -value : value).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  return `${neg ? '-' : ''}${int}${decimals > 0 ? `.${frac}` : ''}`;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** "1.0845" at 5 decimals -> 108450n; extra digits are rounded half up. Throws on anything else. */
export function parseScaled(text: string, decimals: number): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const [, int = '0', frac = ''] = m;
  const kept = BigInt(int + frac.slice(0, decimals).padEnd(decimals, '0'));
  const roundUp = (frac[decimals] ?? '0') >= '5';
  return roundUp ? kept + 1n : kept;
}

import type { Lang } from '../../contract/primitives.ts';
import { formatDecimal } from './format.ts';

const RATE = /^(\d+)(?:\.(\d+))?$/;

/**
 * A rate as a percentage number, exactly: "0.0035" -> "0.35" (the decimal point moves two places in the string,
 * so no float ever rounds it). Anything that is not a plain decimal is returned as given.
 */
export function rateToPercent(rate: string): string {
  const m = RATE.exec(rate);
  if (!m) return rate;
  const fraction = (m[2] ?? '').padEnd(2, '0');
  const whole = `${m[1] ?? '0'}${fraction.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** The percentage formatted for the member's language, without the sign (the locale pack places it). */
export const formatPercent = (rate: string, lang: Lang): string => formatDecimal(rateToPercent(rate), lang, 0, 6);

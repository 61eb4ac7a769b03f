import type { Lang } from '../../contract/primitives.ts';
import { formatDecimalString, type DecimalMarks } from './decimal.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const RATE = /^(\d+)(?:\.(\d+))?$/;

/** The marks of en-US, vi-VN and zh-CN, as Intl.NumberFormat writes them (format.test.ts compares). */
const MARKS: Readonly<Record<Lang, DecimalMarks>> = {
  en: { group: ',', decimal: '.' },
  vn: { group: '.', decimal: ',' },
  zn: { group: ',', decimal: '.' },
};

/**
 * Formats a decimal string exactly, never through a float, so "12345678901234567.89" keeps every digit.
 * Anything that is not a decimal is shown as given.
 */
export function formatDecimal(value: string, lang: Lang, minFraction = 0, maxFraction = 8): string {
  return formatDecimalString(value, MARKS[lang], minFraction, maxFraction) ?? value;
}

/** Money on the wire has two decimals; show exactly two. */
export const formatMoney = (value: string, lang: Lang): string => formatDecimal(value, lang, 2, 2);

/** A price at the product's own precision (its number of decimals), never more, never fewer. */
export const formatPrice = (value: string, decimals: number, lang: Lang): string => formatDecimal(value, lang, decimals, decimals);

export const formatInteger = (value: number, lang: Lang): string => (Number.isSafeInteger(value) ? formatDecimal(String(value), lang, 0, 0) : String(value));

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

/** A rate ("0.0035") as the member's percentage number ("0.35" / "0,35"); the locale pack places the % sign. */
export const formatPercent = (rate: string, lang: Lang): string => formatDecimal(rateToPercent(rate), lang, 0, 6);

/** A signed percentage that is already in percent ("1.25", "-3.2") as "+1.25%" / "-3.20%"; what rounds to zero has no sign. */
export function formatChange(percent: string, lang: Lang): string {
  if (!DECIMAL.test(percent)) return percent;
  const body = formatDecimal(percent.replace(/^-/, ''), lang, 2, 2);
  const zero = !/[1-9]/.test(body);
  return `${zero ? '' : percent.startsWith('-') ? '-' : '+'}${body}%`;
}

import type { Lang } from '../../contract/primitives.ts';
import { formatDecimalString, shownSign, type DecimalMarks } from './decimal.ts';

const RATE = /^(\d+)(?:\.(\d+))?$/;

/** The marks of en-US, vi-VN and zh-CN, as Intl.NumberFormat writes them (format.test.ts compares). */
const MARKS: Readonly<Record<Lang, DecimalMarks>> = {
  en: { group: ',', decimal: '.' },
  vn: { group: '.', decimal: ',' },
  zn: { group: ',', decimal: '.' },
};

/** The language's decimal mark ('.' or ','). */
export const decimalMarkOf = (lang: Lang): string => MARKS[lang].decimal;

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

/** A price at the precision the server wrote it ("101.50": 2 decimals), for an order's open and settle price. */
export const formatPriceAsWritten = (value: string, lang: Lang): string => formatPrice(value, value.split('.')[1]?.length ?? 0, lang);

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

/**
 * A signed decimal as the member reads it, to exactly `places` decimals: "+1.20", "-3.25", and no sign on what
 * rounds to zero ("0.00", never "-0.00" or "+0.00"). Anything that is not a decimal is shown as given.
 */
function formatSigned(value: string, places: number, lang: Lang): string {
  const sign = shownSign(value, places);
  if (sign === null) return value;
  return `${sign > 0 ? '+' : ''}${formatDecimal(value, lang, places, places)}`;
}

/** A signed percentage that is already in percent ("1.25", "-3.2") as "+1.25%" / "-3.20%"; what rounds to zero has no sign. */
export const formatChange = (percent: string, lang: Lang): string => (shownSign(percent, 2) === null ? percent : `${formatSigned(percent, 2, lang)}%`);

/** A result or profit with its sign ("+12.40", "-11.23", "0.00"), so a loss never reads as a win. */
export const formatSignedMoney = (value: string, lang: Lang): string => formatSigned(value, 2, lang);

/**
 * "up", "down" or "flat": the colour of a signed decimal shown to `places` decimals, from the sign the member
 * reads on it (a change of "-0.001" shows "0.00%" and is flat, not red).
 */
export function trendOf(value: string, places = 2): 'up' | 'down' | 'flat' {
  const sign = shownSign(value, places);
  return sign === 1 ? 'up' : sign === -1 ? 'down' : 'flat';
}

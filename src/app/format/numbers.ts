import type { Lang } from '../../contract/primitives.ts';
import { intlLocale } from '../i18n/languages.ts';
import { memoByKey } from './memo.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const RATE = /^(\d+)(?:\.(\d+))?$/;

const numberFormat = memoByKey((key) => {
  const [locale = 'en-US', min = '0', max = '0'] = key.split('|');
  return new Intl.NumberFormat(locale, { minimumFractionDigits: Number(min), maximumFractionDigits: Number(max) });
});
const formatterFor = (lang: Lang, min: number, max: number) => numberFormat(`${intlLocale(lang)}|${min}|${max}`);

/**
 * Formats a decimal string exactly: Intl.NumberFormat reads strings as decimals, never as floats,
 * so "12345678901234567.89" keeps every digit. Anything that is not a decimal is shown as given.
 */
export function formatDecimal(value: string, lang: Lang, minFraction = 0, maxFraction = 8): string {
  if (!DECIMAL.test(value)) return value;
  return formatterFor(lang, minFraction, maxFraction).format(value as `${number}`);
}

/** Money on the wire has two decimals; show exactly two. */
export const formatMoney = (value: string, lang: Lang): string => formatDecimal(value, lang, 2, 2);

/** A price at the product's own precision (its number of decimals), never more, never fewer. */
export const formatPrice = (value: string, decimals: number, lang: Lang): string => formatDecimal(value, lang, decimals, decimals);

export const formatInteger = (value: number, lang: Lang): string => formatterFor(lang, 0, 0).format(value);

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

/** A signed percentage that is already in percent ("1.25", "-3.2") as "+1.25%" / "-3.20%". */
export function formatChange(percent: string, lang: Lang): string {
  if (!DECIMAL.test(percent)) return percent;
  const negative = percent.startsWith('-');
  const body = formatDecimal(percent.replace(/^-/, ''), lang, 2, 2);
  const zero = /^-?0+(\.0+)?$/.test(percent);
  return `${zero ? '' : negative ? '-' : '+'}${body}%`;
}

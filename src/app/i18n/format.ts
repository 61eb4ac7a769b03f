import type { Lang } from '../../contract/primitives.ts';
import { intlLocale } from './languages.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(lang: Lang, min: number, max: number): Intl.NumberFormat {
  const key = `${lang}:${min}:${max}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, f);
  }
  return f;
}

/**
 * Formats a decimal string exactly: Intl.NumberFormat reads strings as decimals, never as floats,
 * so "12345678901234567.89" keeps every digit. Anything that is not a decimal is shown as given.
 */
export function formatDecimal(value: string, lang: Lang, minFraction = 0, maxFraction = 8): string {
  if (!DECIMAL.test(value)) return value;
  return numberFormat(lang, minFraction, maxFraction).format(value as `${number}`);
}

/** Money on the wire has two decimals; show exactly two. */
export const formatMoney = (value: string, lang: Lang): string => formatDecimal(value, lang, 2, 2);

export const formatInteger = (value: number, lang: Lang): string => numberFormat(lang, 0, 0).format(value);

/** Epoch milliseconds in the member's language and time zone. */
export function formatDateTime(ms: number, lang: Lang): string {
  let f = dateFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(lang, f);
  }
  return f.format(ms);
}

import type { Lang } from '../../contract/primitives.ts';
import { formatDecimal } from '../i18n/format.ts';

/**
 * Whether the price on the member's screen at Confirm differs from the open price (the tick at the server's
 * receipt): the order then shows both. Both are the server's strings at the product's precision.
 */
export const seenDiffers = (order: { readonly openPrice: string; readonly seenPrice?: string | undefined }): boolean =>
  order.seenPrice !== undefined && order.seenPrice !== order.openPrice;

/** "up", "down" or "flat" from a signed decimal string, for the colour class. */
export function trendOf(changePct: string): 'up' | 'down' | 'flat' {
  const n = Number(changePct);
  if (!Number.isFinite(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}

/** "+1.25%" / "-3.20%" in the member's language. */
export function formatChange(changePct: string, lang: Lang): string {
  const body = formatDecimal(changePct.replace(/^-/, ''), lang, 2, 2);
  const sign = changePct.startsWith('-') ? '-' : Number(changePct) > 0 ? '+' : '';
  return `${sign}${body}%`;
}

/** A price at the product's own precision. */
export const formatPrice = (price: string, decimals: number, lang: Lang): string => formatDecimal(price, lang, decimals, decimals);

/** A rate ("0.85") as a percentage ("85"). */
export function ratePercent(rate: string, lang: Lang): string {
  const n = Number(rate);
  return Number.isFinite(n) ? formatDecimal(String(Math.round(n * 10_000) / 100), lang, 0, 2) : rate;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** HH:MM:SS in the member's time zone, for trade times and settle times. */
export function formatClock(ms: number, locale: string): string {
  let f = clockFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
    clockFormats.set(locale, f);
  }
  return f.format(ms);
}

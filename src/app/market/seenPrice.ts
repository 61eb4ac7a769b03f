import { comparePrices, toPrice } from '../../shared/money.ts';

/**
 * Whether the price on the member's screen at Confirm differs from the open price (the tick at the server's
 * receipt): the order then shows both. Compared as prices, so "1.50" and "1.5" are the same.
 */
export function seenDiffers(order: { readonly openPrice: string; readonly seenPrice?: string | undefined }): boolean {
  if (order.seenPrice === undefined) return false;
  const seen = toPrice(order.seenPrice);
  const open = toPrice(order.openPrice);
  return seen === null || open === null ? order.seenPrice !== order.openPrice : comparePrices(seen, open) !== 0;
}

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

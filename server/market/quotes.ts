import { sql } from 'drizzle-orm';
import type { ProductQuote, ProductSummary } from '../../src/contract/market.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import type { MarketProduct } from './catalog.ts';
import { DAY, MINUTE, RES } from './feed.ts';
import { formatScaled } from './prices.ts';
import { isOpen, nextOpen } from './sessions.ts';

/** A last tick older than this means the feed is not running: the market counts as closed for orders. */
export const STALE_TICK_MS = 5_000;

/** "(last − ref) / ref" in percent with 2 decimals, rounded half away from zero: 101n, 100n -> "1.00". */
export function changePct(last: bigint, ref: bigint): string {
  if (ref <= 0n) return '0.00';
  const diff = last - ref;
  const abs = diff < 0n ? -diff : diff;
  const hundredths = (abs * 10_000n * 2n + ref) / (2n * ref);
  const sign = diff < 0n && hundredths > 0n ? '-' : '';
  return `${sign}${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

export interface Quote {
  readonly price: bigint;
  readonly ref: bigint | null;
  /** The price 24 h before the last candle: a closed market's change is its last session's, not 0.00. */
  readonly lastRef: bigint | null;
  readonly tickTime: number | null;
}

/** Last price (the latest 1-minute close, which every tick updates), the price 24 h ago and the last tick's time. */
export async function quotes(db: Db, now: number, productId?: number): Promise<Map<number, Quote>> {
  const found = await rows<{ id: number; last: string | null; ref: string | null; last_ref: string | null; tick_t: string | null }>(
    db,
    sql`SELECT p.id, last.close::text AS last, ref.close::text AS ref, last_ref.close::text AS last_ref, tk.t::text AS tick_t
        FROM products p
        LEFT JOIN LATERAL (SELECT close, t FROM candles WHERE product_id = p.id AND res = ${RES.minute} AND t <= ${now} ORDER BY t DESC LIMIT 1) last ON true
        LEFT JOIN LATERAL (SELECT close FROM candles WHERE product_id = p.id AND res = ${RES.minute} AND t <= ${now - DAY - MINUTE} ORDER BY t DESC LIMIT 1) ref ON true
        LEFT JOIN LATERAL (SELECT close FROM candles WHERE product_id = p.id AND res = ${RES.minute} AND t <= last.t - ${DAY + MINUTE} ORDER BY t DESC LIMIT 1) last_ref ON true
        LEFT JOIN LATERAL (SELECT t FROM ticks WHERE product_id = p.id AND t <= ${now} ORDER BY t DESC LIMIT 1) tk ON true
        ${productId !== undefined ? sql`WHERE p.id = ${productId}` : sql``}`,
  );
  const out = new Map<number, Quote>();
  for (const r of found) {
    if (r.last === null) continue;
    out.set(Number(r.id), {
      price: BigInt(r.last),
      ref: r.ref !== null ? BigInt(r.ref) : null,
      lastRef: r.last_ref !== null ? BigInt(r.last_ref) : null,
      tickTime: r.tick_t !== null ? Number(r.tick_t) : null,
    });
  }
  return out;
}

/** Open for orders: within trading hours and the feed is alive. */
export const isTradable = (p: MarketProduct, q: Quote | undefined, now: number): boolean =>
  isOpen(p.session, now) && q !== undefined && q.tickTime !== null && now - q.tickTime <= STALE_TICK_MS;

/** `replay`: the product's prices replay recorded history (service.ts replayedSymbols); said only when true. */
export function summaryOf(p: MarketProduct, q: Quote | undefined, now: number, replay: boolean): ProductSummary {
  // Before the feed has ever run there is no recorded price; the reference price stands in, unchanged.
  const price = q?.price ?? p.sim.price;
  const opensAt = nextOpen(p.session, now);
  // Closed by its hours: the change of the last session (24 h before the last candle), never a flat 0.00.
  const ref = opensAt !== null ? (q?.lastRef ?? q?.ref) : q?.ref;
  return {
    id: p.id,
    symbol: p.symbol,
    name: p.name,
    category: p.category,
    price: formatScaled(price, p.decimals),
    changePct: ref ? changePct(price, ref) : '0.00',
    decimals: p.decimals,
    open: isTradable(p, q, now),
    nextOpen: opensAt,
    ...(replay ? { replay: true } : {}),
  };
}

/**
 * Whether a product's quote may differ between `since` and `now`, so a list poll `since` a time sends only what
 * moved: a trade after it, a new minute (the 24 h reference price is the close of the minute a day before), or a
 * change of open (by the trading hours, or the feed going silent). Erring towards "moved" only costs bytes.
 */
export function quoteMayHaveMoved(p: MarketProduct, q: Quote | undefined, since: number, now: number): boolean {
  if (since >= now) return false;
  if (q === undefined || q.tickTime === null || q.tickTime > since) return true;
  if (Math.floor(since / MINUTE) !== Math.floor(now / MINUTE)) return true;
  return isTradable(p, q, since) !== isTradable(p, q, now) || nextOpen(p.session, since) !== nextOpen(p.session, now);
}

/** The moving part of a product's summary; `nextOpen` only while closed (most polls: a few bytes a product less). */
export const quoteOf = (s: ProductSummary): ProductQuote => ({
  id: s.id,
  price: s.price,
  changePct: s.changePct,
  open: s.open,
  ...(s.nextOpen == null ? {} : { nextOpen: s.nextOpen }),
});

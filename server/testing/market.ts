import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import type { Tick } from '../market/feed.ts';
import { parseScaled } from '../market/prices.ts';
import { recordBatch } from '../market/recorder.ts';

/**
 * Test helpers: record hand-made ticks through the real recorder, so prices at chosen times are known. The
 * watermark rises to the latest of them (as a feed that produced them would say), never falls, and never hides
 * a tick a test writes behind it: tests write their prices by hand, in the order they need.
 */
export async function recordTicks(db: Db, p: MarketProduct, points: readonly [t: number, price: string][]): Promise<void> {
  const ticks: Tick[] = points.map(([t, price]) => ({ productId: p.id, t, price: parseScaled(price, p.decimals), qty: 1n, up: true }));
  await recordBatch(db, { ticks, bars: [], historyTicks: [] });
  if (ticks.length) await publishWatermark(db, Math.max(...ticks.map((k) => k.t)));
}

/** Raises the feed's watermark as a feed would after recording ticks up to `t`. */
export async function publishWatermark(db: Db, t: number): Promise<void> {
  await db.execute(sql`UPDATE market_watermark SET t = greatest(t, ${t})`);
}

export async function countRows(db: Db, table: 'ticks' | 'candles' | 'orders', where = sql``): Promise<number> {
  const [r] = await rows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)} ${where}`);
  return Number(r?.n ?? 0);
}

/** The product with this symbol among `products` (a missing one fails the test at once). */
export function withSymbol(products: readonly MarketProduct[], symbol: string): MarketProduct {
  const p = products.find((x) => x.symbol === symbol);
  if (!p) throw new Error(`no ${symbol}`);
  return p;
}

/** The seeded products with these symbols, in the order asked (a missing one fails the test at once). */
export async function productsNamed(db: Db, ...symbols: string[]): Promise<MarketProduct[]> {
  const all = await loadProducts(db);
  return symbols.map((symbol) => withSymbol(all, symbol));
}

/** BTCUSDT with a tick of 67000.00 just before `settleAt` and 67001.00 just after (67000.00 decides a settlement then). */
export async function btcTickedAround(db: Db, settleAt: number): Promise<MarketProduct> {
  const btc = withSymbol(await loadProducts(db), 'BTCUSDT');
  await recordTicks(db, btc, [[settleAt - 1000, '67000.00'], [settleAt + 1000, '67001.00']]);
  return btc;
}

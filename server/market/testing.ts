import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import type { MarketProduct } from './catalog.ts';
import type { Tick } from './feed.ts';
import { parseScaled } from './prices.ts';
import { recordBatch } from './recorder.ts';

/** Test helpers: record hand-made ticks through the real recorder, so prices at chosen times are known. */
export async function recordTicks(db: Db, p: MarketProduct, points: readonly [t: number, price: string][]): Promise<void> {
  const ticks: Tick[] = points.map(([t, price]) => ({ productId: p.id, t, price: parseScaled(price, p.decimals), qty: 1n, up: true }));
  await recordBatch(db, { ticks, bars: [], historyTicks: [] });
}

export async function countRows(db: Db, table: 'ticks' | 'candles' | 'orders', where = sql``): Promise<number> {
  const [r] = await rows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)} ${where}`);
  return Number(r?.n ?? 0);
}

import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { trade } from '../../src/contract/market.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import type { MarketProduct } from './catalog.ts';
import { formatScaled } from './prices.ts';
import { TRADES_LIMIT } from './turnover.ts';

type Trade = z.infer<typeof trade>;

/** A product and the time after which its trades are wanted (−1: its latest). */
export interface TradesAfter {
  readonly id: number;
  readonly after: number;
}

/**
 * Each product's trades stamped after its own cursor and at or before `upTo` (a watermark: nothing at or before it
 * is still to come), the newest TRADES_LIMIT of them, oldest first. One statement for all products, each an index
 * range on the ticks' primary key.
 */
export async function tradesAfter(db: Db, products: ReadonlyMap<number, MarketProduct>, wanted: readonly TradesAfter[], upTo: number): Promise<Map<number, Trade[]>> {
  const out = new Map<number, Trade[]>();
  if (wanted.length === 0) return out;
  const ids = `{${wanted.map((w) => w.id).join(',')}}`;
  const afters = `{${wanted.map((w) => w.after).join(',')}}`;
  const found = await rows<{ product_id: number; t: string; price: string; qty: string; up: boolean }>(
    db,
    sql`SELECT k.product_id, k.t::text, k.price::text, k.qty::text, k.up
        FROM unnest(${ids}::int[], ${afters}::int8[]) AS w(id, after)
        CROSS JOIN LATERAL (SELECT product_id, t, price, qty, up FROM ticks
                            WHERE product_id = w.id AND t > w.after AND t <= ${upTo} ORDER BY t DESC LIMIT ${TRADES_LIMIT}) k`,
  );
  for (const r of found) {
    const p = products.get(Number(r.product_id));
    if (!p) continue;
    const list = out.get(p.id) ?? [];
    list.push([Number(r.t), formatScaled(BigInt(r.price), p.decimals), formatScaled(BigInt(r.qty), p.qtyDecimals), r.up ? 'rise' : 'fall']);
    out.set(p.id, list);
  }
  for (const list of out.values()) list.sort((a, b) => a[0] - b[0]);
  return out;
}

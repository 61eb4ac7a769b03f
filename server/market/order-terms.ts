// A product's trading terms (limits, fee, session, cycles and payouts) as an order last found them, per database:
// what an order is checked and priced against before its one statement, which then confirms them (the product
// row, whole, as text, and the chosen cycle's payout) and changes nothing if they moved. The copy here proposes;
// the database decides. An order the copy would refuse is checked again against fresh terms first (orders.ts).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productCycles, products } from '../db/schema/market.ts';
import { toProduct, type MarketProduct } from './catalog.ts';

export interface OrderTerms {
  readonly product: MarketProduct;
  /** The product row as PostgreSQL writes it as text: the statement compares it whole. */
  readonly row: string;
}

const known = new WeakMap<Db, Map<number, OrderTerms>>();

/** The product's terms: remembered ones, or (`fresh`, or none remembered) read now. Null for an unknown product. */
export async function orderTerms(db: Db, productId: number, fresh: boolean): Promise<OrderTerms | null> {
  let map = known.get(db);
  if (!map) {
    map = new Map();
    known.set(db, map);
  }
  const kept = fresh ? undefined : map.get(productId);
  if (kept) return kept;
  const [found] = await db
    .select({
      p: products,
      row: sql<string>`${products}::text`,
      cycles: sql<string>`(SELECT coalesce(json_agg(json_build_array(c.seconds, c.payout_ppm::text) ORDER BY c.seconds), '[]')::text
        FROM ${productCycles} c WHERE c.product_id = ${products.id})`,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!found) {
    map.delete(productId);
    return null;
  }
  const cycles = (JSON.parse(found.cycles) as [number, string][]).map(([seconds, payoutPpm]) => ({ seconds, payoutPpm: BigInt(payoutPpm) }));
  const terms = { product: toProduct(found.p, cycles), row: found.row };
  map.set(productId, terms);
  return terms;
}

/** The statement found the terms changed: the next order reads them again. */
export function forgetTerms(db: Db, productId: number): void {
  known.get(db)?.delete(productId);
}

import { asc, eq } from 'drizzle-orm';
import type { Category } from '../../src/contract/market.ts';
import { cents, type Cents } from '../../src/shared/money.ts';
import type { Db } from '../db/client.ts';
import { productCycles, products } from '../db/schema/market.ts';
import { parseScaled } from './prices.ts';
import { isSessionName, type SessionName } from './sessions.ts';

export interface Cycle {
  readonly seconds: number;
  readonly payoutPpm: bigint;
}

/** A product with its trading terms and the simulator's parameters, as the market code uses it. */
export interface MarketProduct {
  readonly id: number;
  readonly symbol: string;
  readonly name: string;
  readonly category: Category;
  readonly decimals: number;
  readonly qtyDecimals: number;
  readonly session: SessionName;
  readonly sort: number;
  readonly feePpm: bigint;
  readonly minAmount: Cents;
  readonly maxAmount: Cents;
  readonly cycles: readonly Cycle[];
  readonly sim: { readonly price: bigint; readonly annualVol: number; readonly qty: bigint };
}

const CATEGORY_ORDER: readonly Category[] = ['stocks', 'forex', 'crypto', 'metals'];
const isCategory = (s: string): s is Category => (CATEGORY_ORDER as readonly string[]).includes(s);

export type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow, cycles: readonly Cycle[]): MarketProduct {
  if (!isCategory(row.category) || !isSessionName(row.session)) throw new Error(`product ${row.symbol}: bad category or session`);
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    category: row.category,
    decimals: row.decimals,
    qtyDecimals: row.qtyDecimals,
    session: row.session,
    sort: row.sort,
    feePpm: row.feePpm,
    minAmount: cents(row.minAmount),
    maxAmount: cents(row.maxAmount),
    cycles,
    sim: { price: parseScaled(row.simPrice, row.decimals), annualVol: row.simVolBp / 10_000, qty: parseScaled(row.simQty, row.qtyDecimals) },
  };
}

/** Every product, by category then the catalogue's order. */
export async function loadProducts(db: Db): Promise<MarketProduct[]> {
  const rows = await db.select().from(products).orderBy(asc(products.sort), asc(products.id));
  const cycleRows = await db.select().from(productCycles).orderBy(asc(productCycles.seconds));
  const cyclesOf = new Map<number, Cycle[]>();
  for (const c of cycleRows) {
    const list = cyclesOf.get(c.productId) ?? [];
    list.push({ seconds: c.seconds, payoutPpm: c.payoutPpm });
    cyclesOf.set(c.productId, list);
  }
  const list = rows.map((r) => toProduct(r, cyclesOf.get(r.id) ?? []));
  return list.sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category) || a.sort - b.sort);
}

/** One product, or null when the id is unknown. */
export async function findProduct(db: Db, id: number): Promise<MarketProduct | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return null;
  const cycles = await db.select().from(productCycles).where(eq(productCycles.productId, id)).orderBy(asc(productCycles.seconds));
  return toProduct(row, cycles.map((c) => ({ seconds: c.seconds, payoutPpm: c.payoutPpm })));
}

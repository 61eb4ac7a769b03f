import { and, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Direction, Order } from '../../src/contract/market.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { orders, products } from '../db/schema/market.ts';
import { move } from '../domain/ledger.ts';
import { cents, fromCents, fromPpm, tradeFee, type Cents } from '../../src/shared/money.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import type { MarketProduct } from './catalog.ts';
import { formatScaled } from './prices.ts';
import { STALE_TICK_MS } from './quotes.ts';
import { isOpen } from './sessions.ts';

type OrderRow = typeof orders.$inferSelect;
const isDirection = (s: string): s is Direction => s === 'rise' || s === 'fall';
const isStatus = (s: string): s is Order['status'] => s === 'open' || s === 'won' || s === 'lost' || s === 'draw';

export function orderView(o: OrderRow, symbol: string, decimals: number): Order {
  if (!isDirection(o.direction) || !isStatus(o.status)) throw new Error(`order ${o.id}: bad direction or status`);
  return {
    id: o.id,
    orderNo: o.orderNo,
    productId: o.productId,
    symbol,
    direction: o.direction,
    amount: fromCents(cents(o.amount)),
    fee: fromCents(cents(o.fee)),
    cycle: o.cycle,
    payoutRate: fromPpm(o.payoutPpm),
    openPrice: formatScaled(o.openPrice, decimals),
    openTime: o.openTime,
    settleTime: o.settleTime,
    settlePrice: o.settlePrice !== null ? formatScaled(o.settlePrice, decimals) : null,
    status: o.status,
    profit: o.profit !== null ? fromCents(cents(o.profit)) : null,
  };
}

export interface PlaceOrder {
  readonly userId: number;
  readonly product: MarketProduct;
  readonly direction: Direction;
  readonly amount: Cents;
  readonly cycle: number;
  readonly now: number;
}

/**
 * Checks the terms, opens at the last recorded tick at the server's receipt time, and debits stake and fee
 * as two ledger entries. Runs in the caller's transaction: any refusal rolls everything back.
 */
export async function placeOrder(db: Db, o: PlaceOrder): Promise<Order> {
  const { product, now } = o;
  const cycle = product.cycles.find((c) => c.seconds === o.cycle);
  if (!cycle) throw fieldError('cycle', 'error.cycle_invalid', 'error.cycle_invalid');
  if (o.amount < product.minAmount) throw fieldError('amount', 'error.below_minimum', 'error.below_minimum');
  if (o.amount > product.maxAmount) throw fieldError('amount', 'error.above_maximum', 'error.above_maximum');
  const settleTime = now + cycle.seconds * 1000;
  // Open now and still open at the settle time, so the result is decided by a live price, not a closing one.
  if (!isOpen(product.session, now) || !isOpen(product.session, settleTime - 1000)) throw new ApiError('error.market_closed');
  const [tick] = await rows<{ t: string; price: string }>(
    db,
    sql`SELECT t::text, price::text FROM ticks WHERE product_id = ${product.id} AND t <= ${now} ORDER BY t DESC LIMIT 1`,
  );
  if (!tick || now - Number(tick.t) > STALE_TICK_MS) throw new ApiError('error.market_closed');
  const fee = tradeFee(o.amount, product.feePpm);
  const [row] = await db
    .insert(orders)
    .values({
      userId: o.userId, productId: product.id, direction: o.direction, amount: o.amount, fee, cycle: cycle.seconds,
      payoutPpm: cycle.payoutPpm, openPrice: BigInt(tick.price), openTickTime: Number(tick.t), openTime: now, settleTime, status: 'open',
    })
    .returning();
  if (!row) throw new Error('order insert returned nothing');
  await move(db, { userId: o.userId, type: 'order_stake', available: cents(-o.amount), ref: row.orderNo, at: now });
  if (fee > 0n) await move(db, { userId: o.userId, type: 'order_fee', available: cents(-fee), ref: row.orderNo, at: now });
  return orderView(row, product.symbol, product.decimals);
}

const withProduct = (db: Db) =>
  db.select({ o: orders, symbol: products.symbol, decimals: products.decimals }).from(orders).innerJoin(products, eq(products.id, orders.productId));

/** My open orders (optionally on one product), soonest to settle first. */
export async function openOrders(db: Db, userId: number, productId?: number): Promise<Order[]> {
  const found = await withProduct(db)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open'), productId !== undefined ? eq(orders.productId, productId) : undefined))
    .orderBy(orders.settleTime, orders.id);
  return found.map((r) => orderView(r.o, r.symbol, r.decimals));
}

/** My open orders opened at or after `since`, and how many open orders I have in all. */
export async function openOrdersSince(db: Db, userId: number, since: number): Promise<{ items: Order[]; openCount: number }> {
  const mineOpen = and(eq(orders.userId, userId), eq(orders.status, 'open'));
  const found = await withProduct(db).where(and(mineOpen, gte(orders.openTime, since))).orderBy(orders.settleTime, orders.id);
  const [open] = await db.select({ n: count() }).from(orders).where(mineOpen);
  return { items: found.map((r) => orderView(r.o, r.symbol, r.decimals)), openCount: Number(open?.n ?? 0) };
}

/** Changed orders one cursor answer carries at most; past that, the whole answer (open and latest settled) instead. */
export const CHANGES_LIMIT = 500;

/**
 * My orders on one product opened or settled in a transaction the `cursor` snapshot did not see, and the snapshot
 * of this read as the next cursor: both in one REPEATABLE READ transaction, so what is read and the cursor agree
 * (migrations/0013). Null when more than CHANGES_LIMIT changed: the caller sends the whole answer instead.
 * A cursor PostgreSQL cannot read, or one from beyond this database's present, is a field error on `cursor` (the
 * contract checks its shape only).
 */
export async function ordersChangedSince(db: Db, userId: number, productId: number, cursor: string): Promise<{ items: Order[] | null; cursor: string }> {
  return db.transaction(
    async (tx) => {
      const [snap] = await rows<{ s: string; valid: boolean }>(
        tx,
        sql`SELECT pg_current_snapshot()::text AS s, pg_snapshot_xmax(${cursor}::pg_snapshot) <= pg_snapshot_xmax(pg_current_snapshot()) AS valid`,
      ).catch((error: unknown) => {
        throw isBadInput(error) ? fieldError('cursor', 'field.invalid') : error;
      });
      if (!snap) throw new Error('pg_current_snapshot returned nothing');
      // A cursor from the future was not made by this database: refused rather than trusted.
      if (!snap.valid) throw fieldError('cursor', 'field.invalid');
      const found = await withProduct(tx)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.productId, productId),
            sql`${orders}.changed_xid >= pg_snapshot_xmin(${cursor}::pg_snapshot) AND NOT pg_visible_in_snapshot(${orders}.changed_xid, ${cursor}::pg_snapshot)`,
          ),
        )
        .orderBy(orders.id)
        .limit(CHANGES_LIMIT + 1);
      return { items: found.length > CHANGES_LIMIT ? null : found.map((r) => orderView(r.o, r.symbol, r.decimals)), cursor: snap.s };
    },
    { isolationLevel: 'repeatable read' },
  );
}

/** The snapshot a full answer was read in, as its cursor (call inside the same REPEATABLE READ transaction). */
export async function currentSnapshot(db: Db): Promise<string> {
  const [snap] = await rows<{ s: string }>(db, sql`SELECT pg_current_snapshot()::text AS s`);
  if (!snap) throw new Error('pg_current_snapshot returned nothing');
  return snap.s;
}

/** PostgreSQL refused a value as input (a malformed snapshot): 22P02 invalid_text_representation, 22003 out of range. */
const isBadInput = (error: unknown): boolean => {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '22P02' || code === '22003' || code === '22023';
};

/** My settled orders, newest settle time first (optionally on one product). */
export async function settledOrders(db: Db, userId: number, page: { page: number; size: number }, productId?: number): Promise<{ items: Order[]; total: number }> {
  const where = and(eq(orders.userId, userId), ne(orders.status, 'open'), productId !== undefined ? eq(orders.productId, productId) : undefined);
  const found = await withProduct(db)
    .where(where)
    .orderBy(desc(orders.settleTime), desc(orders.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { items: found.map((r) => orderView(r.o, r.symbol, r.decimals)), total: Number(total?.n ?? 0) };
}

/** My orders with these ids, in any state; ids that are not mine (or do not exist) are left out. */
export async function ordersById(db: Db, userId: number, ids: readonly number[]): Promise<Order[]> {
  const found = await withProduct(db).where(and(eq(orders.userId, userId), inArray(orders.id, [...ids]))).orderBy(orders.id);
  return found.map((r) => orderView(r.o, r.symbol, r.decimals));
}

import { and, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Direction, Order } from '../../src/contract/market.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { orders, productCycles, products, ticks } from '../db/schema/market.ts';
import { cents, fromCents, fromPpm, tradeFee, type Cents } from '../../src/shared/money.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { toProduct, type MarketProduct } from './catalog.ts';
import { keepAnswer, type AnswerKey } from '../http/route.ts';
import { formatScaled, parseScaled } from './prices.ts';
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
    ...(o.seenPrice !== null ? { seenPrice: formatScaled(o.seenPrice, decimals) } : {}),
    openTime: o.openTime,
    settleTime: o.settleTime,
    settlePrice: o.settlePrice !== null ? formatScaled(o.settlePrice, decimals) : null,
    status: o.status,
    profit: o.profit !== null ? fromCents(cents(o.profit)) : null,
  };
}

export interface PlaceOrder {
  readonly userId: number;
  readonly productId: number;
  readonly direction: Direction;
  readonly amount: Cents;
  readonly cycle: number;
  /** The price on the member's screen at Confirm, as sent (checked against the product's precision here). */
  readonly seenPrice?: string | undefined;
  readonly now: number;
}

interface OrderTerms {
  readonly product: MarketProduct;
  readonly tick: { readonly t: number; readonly price: bigint } | null;
  /** The new order's id, drawn now so its answer can be kept in the same statement that places it. */
  readonly id: number;
}

/** The product with its cycles, its last tick at `now`, and a fresh order id: one round trip. */
async function orderTerms(db: Db, productId: number, now: number): Promise<OrderTerms | null> {
  const [row] = await db
    .select({
      p: products,
      cycles: sql<string>`(SELECT coalesce(json_agg(json_build_array(c.seconds, c.payout_ppm::text) ORDER BY c.seconds), '[]')::text
        FROM ${productCycles} c WHERE c.product_id = ${products.id})`,
      tick: sql<string | null>`(SELECT json_build_array(k.t::text, k.price::text)::text FROM ${ticks} k
        WHERE k.product_id = ${products.id} AND k.t <= ${now} ORDER BY k.t DESC LIMIT 1)`,
      id: sql<string>`nextval(pg_get_serial_sequence('orders', 'id'))::text`,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) return null;
  const cycles = (JSON.parse(row.cycles) as [number, string][]).map(([seconds, payoutPpm]) => ({ seconds, payoutPpm: BigInt(payoutPpm) }));
  const tick = row.tick === null ? null : (JSON.parse(row.tick) as [string, string]);
  return { product: toProduct(row.p, cycles), tick: tick && { t: Number(tick[0]), price: BigInt(tick[1]) }, id: Number(row.id) };
}

/**
 * Checks the terms, opens at the last recorded tick at the server's receipt time, and debits stake and fee as two
 * ledger entries. Two round trips: the terms, then one statement that debits (only if the balance covers it),
 * writes the order and its entries, and keeps the answer under the Idempotency-Key, so all or nothing commits.
 */
export async function placeOrder(db: Db, o: PlaceOrder, answerKey: AnswerKey | null): Promise<Order> {
  const { now } = o;
  const terms = await orderTerms(db, o.productId, now);
  if (!terms) throw new ApiError('error.product_unknown');
  const { product, tick } = terms;
  const cycle = product.cycles.find((c) => c.seconds === o.cycle);
  if (!cycle) throw fieldError('cycle', 'error.cycle_invalid', 'error.cycle_invalid');
  if (o.amount < product.minAmount) throw fieldError('amount', 'error.below_minimum', 'error.below_minimum');
  if (o.amount > product.maxAmount) throw fieldError('amount', 'error.above_maximum', 'error.above_maximum');
  const settleTime = now + cycle.seconds * 1000;
  // Open now and still open at the settle time, so the result is decided by a live price, not a closing one.
  if (!isOpen(product.session, now) || !isOpen(product.session, settleTime - 1000)) throw new ApiError('error.market_closed');
  if (!tick || now - tick.t > STALE_TICK_MS) throw new ApiError('error.market_closed');
  const seenPrice = o.seenPrice === undefined ? null : seenPriceOf(o.seenPrice, product.decimals);
  const fee = tradeFee(o.amount, product.feePpm);
  const placed: Omit<OrderRow, 'orderNo'> = {
    id: terms.id, userId: o.userId, productId: product.id, direction: o.direction, amount: o.amount, fee, cycle: cycle.seconds,
    payoutPpm: cycle.payoutPpm, openPrice: tick.price, seenPrice, openTickTime: tick.t, openTime: now, settleTime, status: 'open',
    settlePrice: null, settleTickTime: null, payout: null, profit: null, settledAt: null,
  };
  // The order number is the database's (a generated column): the answer takes it from the row written.
  const answer = orderView({ ...placed, orderNo: '' }, product.symbol, product.decimals);
  const at = sql`timestamptz 'epoch' + ${now}::int8 * interval '1 millisecond'`;
  const [written] = await rows<{ order_no: string }>(
    db,
    sql`WITH debit AS (
        UPDATE accounts SET available = available - ${o.amount + fee}::int8
        WHERE user_id = ${o.userId} AND available >= ${o.amount + fee}::int8
        RETURNING available + frozen AS after
      ), placed AS (
        INSERT INTO orders (id, user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, seen_price, open_tick_time, open_time, settle_time, status)
        SELECT ${placed.id}, ${o.userId}, ${product.id}, ${o.direction}, ${o.amount}::int8, ${fee}::int8, ${cycle.seconds}, ${cycle.payoutPpm}::int8,
               ${tick.price}::int8, ${seenPrice}::int8, ${tick.t}::int8, ${now}::int8, ${settleTime}::int8, 'open'
        FROM debit
        RETURNING order_no
      ), entries AS (
        INSERT INTO ledger (user_id, type, amount, available_delta, balance_after, ref, created_at)
        SELECT ${o.userId}, e.type, e.delta, e.delta, d.after + e.later, p.order_no, ${at}
        FROM debit d, placed p, (VALUES (1, 'order_stake', ${-o.amount}::int8, ${fee}::int8), (2, 'order_fee', ${-fee}::int8, 0::int8)) AS e(ord, type, delta, later)
        WHERE e.delta <> 0
        ORDER BY e.ord
      )${answerKey ? sql`, kept AS (${keepAnswer(answerKey, sql`jsonb_set(${JSON.stringify(answer)}::jsonb, '{orderNo}', to_jsonb(placed.order_no))::text`, sql`placed`)})` : sql``}
      SELECT order_no FROM placed`,
  );
  if (!written) throw new ApiError('error.insufficient_balance');
  return { ...answer, orderNo: written.order_no };
}

/** A seen price at the product's precision (at most its decimals, and positive), or the field's error. */
function seenPriceOf(text: string, decimals: number): bigint {
  const frac = text.split('.')[1] ?? '';
  const value = frac.length <= decimals ? parseScaled(text, decimals) : 0n;
  if (value <= 0n) throw fieldError('seenPrice', 'field.invalid', 'error.validation');
  return value;
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

import { and, count, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Direction, Order } from '../../src/contract/market.ts';
import type { Db } from '../db/client.ts';
import { preparedRows, rows } from '../db/rows.ts';
import { amountRefusal } from '../domain/amount-limits.ts';
import { moveSql } from '../domain/ledger.ts';
import { orders, products } from '../db/schema/market.ts';
import { cents, fromCents, fromPpm, tradeFee, type Cents } from '../../src/shared/money.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { forgetSession } from '../auth/session-cache.ts';
import type { MarketProduct } from './catalog.ts';
import { forgetTerms, orderTerms } from './order-terms.ts';
import { keepAnswer, type AnswerKey } from '../http/route.ts';
import { formatScaled, parseScaled } from './prices.ts';
import { STALE_TICK_MS } from './quotes.ts';
import { isOpen } from './sessions.ts';
import { limitRefusal, orderLimits } from '../limits/order-limits.ts';

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
  /**
   * The hash of the session the member came with, when the route took the member from a hint: the statement finds
   * that session (this member's, unexpired at `now`) or places nothing, and the order is refused unauthorized.
   */
  readonly sessionHash?: string | undefined;
}

/** What the statement found, besides the order it placed (if it did). */
interface Placed {
  readonly session_ok: boolean;
  readonly terms_ok: boolean;
  /** The member's own limit that refuses the order (an error key), or null. */
  readonly limit_refusal: string | null;
  readonly tick_t: string | null;
  readonly tick_price: string | null;
  readonly id: number | null;
  readonly order_no: string | null;
}

/**
 * Checks the terms, opens at the last recorded tick at the server's receipt time, and debits stake and fee as two
 * ledger entries (the ledger's moveSql, inside this statement). One round trip: one statement confirms the session and the terms this was checked against,
 * reads the tick, debits (only if the balance covers it), writes the order and its entries, and keeps the answer
 * under the Idempotency-Key; all or nothing commits. Terms that moved meanwhile cost a second try on fresh ones.
 * The member's own limits (server/limits/order-limits.ts) are checked and counted in the same statement.
 */
export async function placeOrder(db: Db, o: PlaceOrder, answerKey: AnswerKey | null): Promise<Order> {
  // An operator's change between the read and the statement is the only way past the second try.
  for (let attempt = 0; attempt < 3; attempt++) {
    const order = await tryPlace(db, o, answerKey, attempt > 0);
    if (order) return order;
  }
  throw new Error(`the terms of product ${o.productId} kept changing while placing an order`);
}

/** The order, or null when the terms it was checked against were no longer the database's (`fresh` reads them). */
async function tryPlace(db: Db, o: PlaceOrder, answerKey: AnswerKey | null, fresh: boolean): Promise<Order | null> {
  const { now } = o;
  const terms = await orderTerms(db, o.productId, fresh);
  if (!terms) throw new ApiError('error.product_unknown');
  const { product } = terms;
  const cycle = product.cycles.find((c) => c.seconds === o.cycle);
  const refusal = cycle ? refusalOf(product, cycle.seconds, o) : fieldError('cycle', 'error.cycle_invalid', 'error.cycle_invalid');
  if (!cycle || refusal) {
    // Remembered terms never refuse an order on their own: the operator may just have changed them.
    if (!fresh) return tryPlace(db, o, answerKey, true);
    throw refusal ?? fieldError('cycle', 'error.cycle_invalid', 'error.cycle_invalid');
  }
  const settleTime = now + cycle.seconds * 1000;
  const seenPrice = o.seenPrice === undefined ? null : seenPriceOf(o.seenPrice, product.decimals);
  const fee = tradeFee(o.amount, product.feePpm);
  const placed: OrderRow = {
    id: 0, orderNo: '', userId: o.userId, productId: product.id, direction: o.direction, amount: o.amount, fee, cycle: cycle.seconds,
    payoutPpm: cycle.payoutPpm, openPrice: 0n, seenPrice, openTickTime: 0, openTime: now, settleTime, status: 'open',
    settlePrice: null, settleTickTime: null, payout: null, profit: null, settledAt: null,
  };
  // The id, the order number (a generated column) and the open price are the statement's: the kept answer takes
  // them from the rows it writes, and the answer below from what it returns.
  const draft = orderView(placed, product.symbol, product.decimals);
  const at = sql`timestamptz 'epoch' + ${now}::int8 * interval '1 millisecond'`;
  const openPrice = priceText(sql`go.price`, product.decimals);
  const limits = orderLimits(o.userId, now, at, o.amount, fee);
  // Stake and fee as two ledger entries, once the statement has found the session, the terms and a live tick.
  const debit = moveSql({
    userId: o.userId,
    entries: [{ type: 'order_stake', available: cents(-o.amount) }, { type: 'order_fee', available: cents(-fee) }],
    at,
    when: sql`EXISTS (SELECT 1 FROM go)`,
    skipZero: true,
  });
  const me = o.sessionHash === undefined
    ? sql`SELECT 1`
    : sql`SELECT 1 FROM sessions s WHERE s.token_hash = ${o.sessionHash} AND s.user_id = ${o.userId} AND s.expires_at > ${at}`;
  const [found] = await preparedRows<Placed>(
    db,
    sql`WITH me AS (${me}
      ), terms AS (
        SELECT 1 FROM products p
        WHERE p.id = ${product.id} AND p::text = ${terms.row}
          AND EXISTS (SELECT 1 FROM product_cycles c WHERE c.product_id = p.id AND c.seconds = ${cycle.seconds} AND c.payout_ppm = ${cycle.payoutPpm}::int8)
      ), tick AS (
        SELECT k.t, k.price FROM ticks k WHERE k.product_id = ${product.id} AND k.t <= ${now}::int8 ORDER BY k.t DESC LIMIT 1
      ), ${limits.ctes}, go AS (
        SELECT tick.t, tick.price FROM tick
        WHERE tick.t >= ${now - STALE_TICK_MS}::int8 AND EXISTS (SELECT 1 FROM me) AND EXISTS (SELECT 1 FROM terms) AND ${limits.allows}
      ), debit AS (${debit.account}
      ), placed AS (
        INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, seen_price, open_tick_time, open_time, settle_time, status)
        SELECT ${o.userId}, ${product.id}, ${o.direction}, ${o.amount}::int8, ${fee}::int8, ${cycle.seconds}, ${cycle.payoutPpm}::int8,
               go.price, ${seenPrice}::int8, go.t, ${now}::int8, ${settleTime}::int8, 'open'
        FROM debit, go
        RETURNING id, order_no
      ), entries AS (${debit.entries(sql.raw('debit'), sql`p.order_no`, sql`placed p`)}
      ), counted AS (${limits.count(sql.raw('placed'))}
      )${answerKey ? sql`, kept AS (${keepAnswer(answerKey, sql`(${JSON.stringify(draft)}::jsonb || jsonb_build_object('id', placed.id, 'orderNo', placed.order_no, 'openPrice', ${openPrice}))::text`, sql`placed, go`)})` : sql``}
      SELECT EXISTS (SELECT 1 FROM me) AS session_ok, EXISTS (SELECT 1 FROM terms) AS terms_ok, ${limits.refusal} AS limit_refusal,
             (SELECT t::text FROM tick) AS tick_t, (SELECT price::text FROM tick) AS tick_price,
             (SELECT id FROM placed) AS id, (SELECT order_no FROM placed) AS order_no`,
  );
  if (!found) throw new Error('the order statement answered no row');
  if (!found.session_ok) {
    if (o.sessionHash !== undefined) forgetSession(db, o.sessionHash);
    throw new ApiError('error.unauthorized');
  }
  if (!found.terms_ok) {
    forgetTerms(db, product.id);
    return null;
  }
  const limited = limitRefusal(found.limit_refusal);
  if (limited) throw new ApiError(limited);
  if (found.tick_t === null || found.tick_price === null || now - Number(found.tick_t) > STALE_TICK_MS) throw new ApiError('error.market_closed');
  if (found.id === null || found.order_no === null) throw new ApiError('error.insufficient_balance');
  return { ...draft, id: found.id, orderNo: found.order_no, openPrice: formatScaled(BigInt(found.tick_price), product.decimals) };
}

/** Why these terms refuse the order at `now`, or null. */
function refusalOf(product: MarketProduct, cycleSeconds: number, o: PlaceOrder): ApiError | null {
  const outside = amountRefusal(o.amount, product);
  if (outside) return outside;
  // Open now and still open at the settle time, so the result is decided by a live price, not a closing one.
  if (!isOpen(product.session, o.now) || !isOpen(product.session, o.now + cycleSeconds * 1000 - 1000)) return new ApiError('error.market_closed');
  return null;
}

/** formatScaled in SQL, for a positive price at `decimals`: the kept answer must read as the one sent. */
function priceText(price: SQL, decimals: number): SQL {
  if (decimals === 0) return sql`${price}::text`;
  const scale = 10n ** BigInt(decimals);
  return sql`(${price} / ${scale}::int8)::text || '.' || lpad((${price} % ${scale}::int8)::text, ${decimals}::int, '0')`;
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

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { creditMany } from '../domain/ledger.ts';
import type { Result } from './outcome.ts';

export interface SettledOrder {
  readonly id: number;
  readonly orderNo: string;
  readonly userId: number;
  readonly productId: number;
  readonly status: Result;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly payout: bigint;
  readonly profit: bigint;
  readonly settleTime: number;
  readonly settlePrice: bigint;
}

/**
 * Runs inside the settlement's transaction, after the payouts, once per batch with every order this run
 * settled, so a listener can work set-based too. Throwing rolls the whole batch back, to be retried on the next
 * run. Keep listeners light, since their time is settlement's time: referral cashback only queues its work here
 * (server/referral/on-settled.ts) and pays it from its own loop.
 */
export type SettledListener = (tx: Db, orders: readonly SettledOrder[]) => Promise<void>;

interface SettledRow {
  id: number;
  order_no: string;
  user_id: number;
  product_id: number;
  status: Result;
  amount: string;
  fee: string;
  payout: string;
  profit: string;
  settle_time: string;
  settle_price: string;
}

export interface SettlementOptions {
  /** Orders per transaction at most: a 10,000-order burst settles in two. */
  readonly batchSize?: number;
}

/** Where the previous batch of one settleDue ended, so the next does not walk the index over what it settled. */
interface Cursor {
  readonly settleTime: number;
  readonly id: number;
}

/**
 * Settles each due order exactly once from recorded prices: settle price = the last tick at or before the
 * settle time, and only once the feed's watermark (recorder.ts) has reached that time, so the price is final.
 * One statement per batch picks the due orders, prices them and writes their results (conditional on status =
 * 'open', so concurrent runs cannot settle twice); the payouts and the listeners follow in the same
 * transaction. A trigger keeps a settled order immutable, and no command changes one.
 *
 * The outcome rule (outcome.ts) is written here in SQL too, because deciding 10,000 orders in the database
 * saves a round trip of every row; settlement.test.ts checks the two agree on every case.
 */
const DEFAULT_BATCH = 5_000;

export class SettlementEngine {
  private readonly listeners: SettledListener[] = [];
  readonly batchSize: number;

  constructor(
    private readonly db: Db,
    opts: SettlementOptions = {},
  ) {
    // Large batches: each costs a fixed handful of statements whatever its size. Past about 5,000 rows one
    // UPDATE grows slower than linearly on PGlite (measured: 10,000 at once took longer than 2 × 5,000).
    this.batchSize = opts.batchSize ?? DEFAULT_BATCH;
  }

  onSettled(listener: SettledListener): void {
    this.listeners.push(listener);
  }

  /** Settles up to one batch of due orders; answers them. */
  async runOnce(now: number, after?: Cursor): Promise<readonly SettledOrder[]> {
    return this.db.transaction(async (tx) => {
      const found = await rows<SettledRow>(
        tx,
        sql`WITH due AS (
              SELECT o.id, o.open_price, o.direction, COALESCE(k.price, o.open_price) AS price, COALESCE(k.t, o.open_tick_time) AS tick_t
              FROM orders o
              LEFT JOIN LATERAL (
                SELECT t, price FROM ticks k WHERE k.product_id = o.product_id AND k.t <= o.settle_time ORDER BY k.t DESC LIMIT 1
              ) k ON true
              WHERE o.status = 'open' AND o.settle_time <= least(${now}::int8, COALESCE((SELECT t FROM market_watermark), 0))
                ${after ? sql`AND (o.settle_time, o.id) > (${after.settleTime}::int8, ${after.id}::int4)` : sql``}
              ORDER BY o.settle_time, o.id
              LIMIT ${this.batchSize}
            ), decided AS (
              SELECT id, price, tick_t,
                     CASE WHEN price = open_price THEN 'draw' WHEN (price > open_price) = (direction = 'rise') THEN 'won' ELSE 'lost' END AS status
              FROM due
            )
            UPDATE orders o SET status = d.status, settle_price = d.price, settle_tick_time = d.tick_t, settled_at = ${now},
              payout = CASE d.status WHEN 'won' THEN o.amount + o.amount * o.payout_ppm / 1000000 WHEN 'draw' THEN o.amount ELSE 0 END,
              profit = CASE d.status WHEN 'won' THEN o.amount * o.payout_ppm / 1000000 WHEN 'draw' THEN 0 ELSE -o.amount END
            FROM decided d
            WHERE o.id = d.id AND o.status = 'open'
            RETURNING o.id, o.order_no, o.user_id, o.product_id, o.status, o.amount::text, o.fee::text, o.payout::text, o.profit::text,
              o.settle_time::text, o.settle_price::text`,
      );
      // Only the rows this run moved from open are here; a concurrent run that got there first matched none.
      const batch = found.map((r): SettledOrder => ({
        id: Number(r.id), orderNo: r.order_no, userId: Number(r.user_id), productId: Number(r.product_id), status: r.status,
        amount: BigInt(r.amount), fee: BigInt(r.fee), payout: BigInt(r.payout), profit: BigInt(r.profit),
        settleTime: Number(r.settle_time), settlePrice: BigInt(r.settle_price),
      }));
      await creditMany(
        tx,
        batch.filter((o) => o.payout > 0n).map((o) => ({ userId: o.userId, type: 'order_payout' as const, amount: o.payout, ref: o.orderNo, at: now })),
      );
      if (batch.length) for (const listener of this.listeners) await listener(tx, batch);
      return batch;
    });
  }

  /** Settles everything due and priced, batch after batch (start-up catch-up, and each scheduled run). */
  async settleDue(now: number): Promise<number> {
    let total = 0;
    let after: Cursor | undefined;
    for (;;) {
      const batch = await this.runOnce(now, after);
      total += batch.length;
      if (batch.length < this.batchSize) return total;
      after = batch.reduce<Cursor>((c, o) => (o.settleTime > c.settleTime || (o.settleTime === c.settleTime && o.id > c.id) ? { settleTime: o.settleTime, id: o.id } : c), { settleTime: 0, id: 0 });
    }
  }

  /** The earliest settle time of an open order (null: none) and the feed's watermark, for the scheduler. */
  async nextDue(): Promise<{ settleTime: number | null; watermark: number }> {
    const [r] = await rows<{ next: string | null; w: string | null }>(
      this.db,
      sql`SELECT (SELECT min(settle_time) FROM orders WHERE status = 'open')::text AS next, (SELECT t FROM market_watermark)::text AS w`,
    );
    return { settleTime: r?.next != null ? Number(r.next) : null, watermark: Number(r?.w ?? 0) };
  }
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { cents, type Cents } from '../../src/shared/money.ts';
import type { Result } from './outcome.ts';
import { settleStatement, type Cursor, type SettledStep } from './settle-statement.ts';

export interface SettledOrder {
  readonly id: number;
  readonly orderNo: string;
  readonly userId: number;
  readonly productId: number;
  readonly status: Result;
  readonly amount: Cents;
  readonly fee: Cents;
  readonly payout: Cents;
  readonly profit: Cents;
  readonly settleTime: number;
  readonly settlePrice: bigint;
}

/**
 * Runs inside the settlement's transaction, after the payouts, once per batch with every order this run
 * settled. Throwing rolls the whole batch back, to be retried on the next run. The batch's rows travel to the
 * process only for these listeners; a job that can be written in SQL is a SettledStep instead.
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
  complete: boolean;
}

interface SummaryRow {
  n: number;
  last_time: string | null;
  last_id: number | null;
  complete: boolean;
  /** [ms late, orders] pairs, when asked for (SettlementOptions.onLag); bigint lateness may come as text. */
  lags?: readonly (readonly [number | string, number])[];
}

export interface SettlementOptions {
  /** Orders per transaction at most: a 10,000-order burst settles in two. */
  readonly batchSize?: number;
  /** Told, after each committed batch, that `count` of its orders settled `lagMs` after their settle time. */
  readonly onLag?: (lagMs: number, count: number) => void;
}

export interface BatchResult {
  readonly count: number;
  /** The last order settled, in (settle time, id) order; absent when none was. */
  readonly last?: Cursor;
}

/**
 * Settles each due order exactly once from recorded prices: settle price = the last tick at or before the
 * settle time, and only once the feed's watermark (recorder.ts) has reached that time, so the price is final.
 * One statement per batch picks the due orders, prices them, writes their results (conditional on status =
 * 'open', so concurrent runs cannot settle twice), credits the payouts with their ledger entries
 * (ledger-credits.ts) and runs the SettledSteps; JS listeners follow in the same transaction. A trigger keeps a
 * settled order immutable, and no command changes one.
 * The outcome rule is outcome.ts's SQL, so deciding 10,000 orders costs no round trip of a row.
 */
const DEFAULT_BATCH = 5_000;

export class SettlementEngine {
  private readonly listeners: SettledListener[] = [];
  private readonly steps: SettledStep[] = [];
  readonly batchSize: number;
  private readonly onLag: ((lagMs: number, count: number) => void) | undefined;

  constructor(
    private readonly db: Db,
    opts: SettlementOptions = {},
  ) {
    // Large batches: each costs one statement whatever its size. Past about 5,000 rows one UPDATE grows slower
    // than linearly on PGlite (measured: 10,000 at once took longer than 2 × 5,000).
    this.batchSize = opts.batchSize ?? DEFAULT_BATCH;
    this.onLag = opts.onLag;
  }

  onSettled(listener: SettledListener | SettledStep): void {
    if (typeof listener === 'function') this.listeners.push(listener);
    else this.steps.push(listener);
  }

  /** Settles up to one batch of due orders. */
  async runOnce(now: number, after?: Cursor): Promise<BatchResult> {
    const lags: [lagMs: number, count: number][] = [];
    const result = await this.db.transaction(async (tx): Promise<BatchResult> => {
      const statement = settleStatement({ now, after, batchSize: this.batchSize, steps: this.steps, rows: this.listeners.length > 0, lags: this.onLag !== undefined });
      // Only the rows this run moved from open count; a concurrent run that got there first matched none.
      if (!this.listeners.length) {
        const [r] = await rows<SummaryRow>(tx, statement);
        if (!r?.complete) throw new Error('settlement: a member with a payout has no account');
        for (const [lag, n] of r.lags ?? []) lags.push([Number(lag), n]);
        return r.n > 0 && r.last_time !== null && r.last_id !== null ? { count: r.n, last: { settleTime: Number(r.last_time), id: Number(r.last_id) } } : { count: 0 };
      }
      const found = await rows<SettledRow>(tx, statement);
      if (found.some((r) => !r.complete)) throw new Error('settlement: a member with a payout has no account');
      const batch = found.map((r): SettledOrder => ({
        id: Number(r.id), orderNo: r.order_no, userId: Number(r.user_id), productId: Number(r.product_id), status: r.status,
        amount: cents(BigInt(r.amount)), fee: cents(BigInt(r.fee)), payout: cents(BigInt(r.payout)), profit: cents(BigInt(r.profit)),
        settleTime: Number(r.settle_time), settlePrice: BigInt(r.settle_price),
      }));
      for (const listener of this.listeners) if (batch.length) await listener(tx, batch);
      for (const o of batch) lags.push([now - o.settleTime, 1]);
      const last = batch.reduce<Cursor | undefined>((c, o) => (!c || o.settleTime > c.settleTime || (o.settleTime === c.settleTime && o.id > c.id) ? { settleTime: o.settleTime, id: o.id } : c), undefined);
      return last ? { count: batch.length, last } : { count: 0 };
    });
    // Only once committed: a batch rolled back settled nothing.
    if (this.onLag) for (const [lagMs, count] of lags) this.onLag(lagMs, count);
    return result;
  }

  /** Settles everything due and priced, batch after batch (start-up catch-up, and each scheduled run). */
  async settleDue(now: number): Promise<number> {
    let total = 0;
    let after: Cursor | undefined;
    for (;;) {
      const batch = await this.runOnce(now, after);
      total += batch.count;
      if (batch.count < this.batchSize || !batch.last) return total;
      after = batch.last;
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

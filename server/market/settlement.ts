import { sql } from 'drizzle-orm';
import type { Direction } from '../../src/contract/market.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import type { Deps } from '../deps.ts';
import { pgArray } from '../db/pg-array.ts';
import { creditMany } from '../domain/ledger.ts';
import type { Service } from '../services.ts';
import { every } from './loop.ts';
import { outcomeOf, type Result } from './outcome.ts';

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

interface DueRow {
  id: number;
  order_no: string;
  user_id: number;
  product_id: number;
  direction: Direction;
  amount: string;
  fee: string;
  payout_ppm: string;
  open_price: string;
  open_tick_time: string;
  settle_time: string;
  tick_t: string | null;
  tick_price: string | null;
}

export interface SettlementOptions {
  readonly batchSize?: number;
  /**
   * How long after its settle time an order waits for the feed to record a tick at or after that time.
   * Normally the tick is there within a second; a closed market or a stopped feed never brings one, and then
   * the last tick before the settle time decides.
   */
  readonly graceMs?: number;
}

/**
 * Settles each due order exactly once from recorded prices: settle price = the last tick at or before the
 * settle time. The conditional UPDATE ... WHERE status = 'open' and the payout run in one transaction, so
 * concurrent runs cannot pay twice; a trigger keeps a settled order immutable, and no command changes one.
 */
const DEFAULT_BATCH = 5_000;

export class SettlementEngine {
  private readonly listeners: SettledListener[] = [];
  readonly batchSize: number;
  readonly graceMs: number;

  constructor(
    private readonly db: Db,
    opts: SettlementOptions = {},
  ) {
    // Large batches: each costs a fixed handful of statements whatever its size, so 10,000 orders falling due
    // in one second settle in two transactions rather than twenty.
    this.batchSize = opts.batchSize ?? DEFAULT_BATCH;
    this.graceMs = opts.graceMs ?? 5_000;
  }

  onSettled(listener: SettledListener): void {
    this.listeners.push(listener);
  }

  /** Settles up to one batch of due orders; answers how many this run settled. */
  async runOnce(now: number): Promise<number> {
    const due = await rows<DueRow>(
      this.db,
      sql`SELECT o.id, o.order_no, o.user_id, o.product_id, o.direction, o.amount::text, o.fee::text, o.payout_ppm::text,
            o.open_price::text, o.open_tick_time::text, o.settle_time::text, s.t::text AS tick_t, s.price::text AS tick_price
          FROM orders o
          LEFT JOIN LATERAL (
            SELECT t, price FROM ticks k WHERE k.product_id = o.product_id AND k.t <= o.settle_time ORDER BY k.t DESC LIMIT 1
          ) s ON true
          WHERE o.status = 'open' AND o.settle_time <= ${now}
            AND (o.settle_time <= ${now - this.graceMs}
                 OR EXISTS (SELECT 1 FROM ticks k WHERE k.product_id = o.product_id AND k.t >= o.settle_time))
          ORDER BY o.settle_time, o.id
          LIMIT ${this.batchSize}`,
    );
    if (!due.length) return 0;
    const settled = due.map((r): SettledOrder & { tickTime: number } => {
      const openPrice = BigInt(r.open_price);
      // The opening tick always precedes the settle time, so a price exists; fall back to it defensively.
      const settlePrice = r.tick_price !== null ? BigInt(r.tick_price) : openPrice;
      const amount = BigInt(r.amount);
      const o = outcomeOf(r.direction, openPrice, settlePrice, amount, BigInt(r.payout_ppm));
      return {
        id: Number(r.id), orderNo: r.order_no, userId: Number(r.user_id), productId: Number(r.product_id),
        status: o.status, amount, fee: BigInt(r.fee), payout: o.payout, profit: o.profit,
        settleTime: Number(r.settle_time), settlePrice, tickTime: r.tick_t !== null ? Number(r.tick_t) : Number(r.open_tick_time),
      };
    });
    return this.db.transaction(async (tx) => {
      const list = (f: (o: (typeof settled)[number]) => number | bigint | string) => pgArray(settled.map(f));
      const won = await rows<{ id: number }>(
        tx,
        sql`UPDATE orders o SET status = v.status, settle_price = v.price, settle_tick_time = v.tick_t, payout = v.payout,
              profit = v.profit, settled_at = ${now}
            FROM unnest(${list((o) => o.id)}::int[], ${list((o) => o.status)}::text[], ${list((o) => o.settlePrice)}::int8[],
              ${list((o) => o.tickTime)}::int8[], ${list((o) => o.payout)}::int8[], ${list((o) => o.profit)}::int8[])
              AS v(id, status, price, tick_t, payout, profit)
            WHERE o.id = v.id AND o.status = 'open'
            RETURNING o.id`,
      );
      // Only the rows this run moved from open are paid; a concurrent run that got there first matched none.
      const mine = new Set(won.map((r) => Number(r.id)));
      const batch: readonly SettledOrder[] = settled.filter((o) => mine.has(o.id));
      await creditMany(
        tx,
        batch.filter((o) => o.payout > 0n).map((o) => ({ userId: o.userId, type: 'order_payout' as const, amount: o.payout, ref: o.orderNo, at: now })),
      );
      if (batch.length) for (const listener of this.listeners) await listener(tx, batch);
      return mine.size;
    });
  }

  /** Settles everything due, batch after batch (start-up catch-up, and each scheduled run). */
  async settleDue(now: number): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.runOnce(now);
      total += n;
      if (n < this.batchSize) return total;
    }
  }
}

/** Settles due orders every 250 ms. */
export function runSettlement(deps: Deps, engine: SettlementEngine): Service {
  return every('settlement', deps.clock, 250, async () => {
    await engine.settleDue(deps.clock.now());
  });
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { cents } from '../../src/shared/money.ts';
import { payReferralCashbackMany } from './cashback.ts';

export interface QueuePass {
  /** Queued orders taken off the queue (and paid, where an upline exists). */
  readonly orders: number;
  /** Cashback rows (ledger entries) paid. */
  readonly paid: number;
}

/** Orders per cashback transaction: up to nine ledger rows each, and short enough not to hold up settlement. */
export const CASHBACK_BATCH = 500;

/**
 * Pays the cashback of up to `limit` queued orders, oldest order first, in one transaction: the DELETE takes the
 * rows off the queue and the payment happens in the same transaction, so a crash leaves either both or neither.
 * Two processors never take the same row (SKIP LOCKED on PostgreSQL; PGlite runs transactions one at a time),
 * and if one ever did, the (order, beneficiary) key of referral_cashback makes the second pay nothing.
 */
export async function payQueuedCashback(db: Db, limit = CASHBACK_BATCH): Promise<QueuePass> {
  return db.transaction(async (tx) => {
    const taken = await rows<{ order_id: number | string; user_id: number | string; fee: string; settle_time: string }>(
      tx,
      sql`DELETE FROM cashback_queue WHERE order_id IN (
            SELECT order_id FROM cashback_queue ORDER BY order_id LIMIT ${limit} FOR UPDATE SKIP LOCKED
          )
          RETURNING order_id, user_id, fee::text, settle_time::text`,
    );
    if (!taken.length) return { orders: 0, paid: 0 };
    const paid = await payReferralCashbackMany(
      tx,
      taken.map((r) => ({ orderId: Number(r.order_id), userId: Number(r.user_id), fee: cents(BigInt(r.fee)), at: Number(r.settle_time) })),
    );
    return { orders: taken.length, paid: paid.length };
  });
}

/** Pays everything queued, batch after batch (start-up catch-up, and each scheduled run). */
export async function drainCashbackQueue(db: Db, limit = CASHBACK_BATCH): Promise<QueuePass> {
  let orders = 0;
  let paid = 0;
  for (;;) {
    const pass = await payQueuedCashback(db, limit);
    orders += pass.orders;
    paid += pass.paid;
    if (pass.orders < limit) return { orders, paid };
  }
}

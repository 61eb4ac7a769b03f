import { sql } from 'drizzle-orm';
import type { SettledStep } from '../market/settle-statement.ts';

/**
 * The settlement engine's after-settle step: part of the settling statement itself, it records the cashback each
 * settled order with a fee owes, so it commits (or rolls back) with the settlement, and no settled row travels to
 * the process and back. The paying happens later, in payQueuedCashback (queue.ts): nine generations of ledger
 * rows per order made the settlement of a 10,000-order burst several times slower than the settlement alone.
 */
export const queueCashbackOnSettled: SettledStep = {
  // ON CONFLICT: an order settles once, so a clash can only be a repeat of the same row; it must not fail settlement.
  step: (settled) =>
    sql`INSERT INTO cashback_queue (order_id, user_id, fee, settle_time)
        SELECT id, user_id, fee, settle_time FROM ${settled} WHERE fee > 0
        ON CONFLICT (order_id) DO NOTHING`,
};

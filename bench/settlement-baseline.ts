// The settlement the set-based engine replaced, kept for the benchmark's baseline: one transaction per order,
// the payout by move() (two statements), and cashback per upline member (an INSERT ... ON CONFLICT DO NOTHING
// and a move() each) after one upline query per order, as server/referral/cashback.ts did before. The same
// per-order cashback, one queued order per transaction, is the baseline of the cashback queue's drain.
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { rows } from '../server/db/rows.ts';
import { referralCashback } from '../server/db/schema/referral.ts';
import { move } from '../server/domain/ledger.ts';
import { cents, mulRateFloor, type Cents } from '../src/shared/money.ts';
import { referralRatePpm } from '../server/domain/referral-rates.ts';
import { outcomePayout, outcomeProfit, outcomeStatus, type Result } from '../server/market/outcome.ts';
import { uplineOf } from '../server/referral/upline.ts';

interface DueRow {
  id: number; order_no: string; user_id: number; fee: string; open_tick_time: string; settle_time: string;
  tick_t: string | null; settle_price: string; status: Result; payout: string; profit: string;
}

async function cashbackOneByOne(tx: Db, orderId: number, userId: number, fee: Cents, at: number): Promise<void> {
  if (fee <= 0n) return;
  for (const { id, generation } of await uplineOf(tx, userId)) {
    if (id === userId) continue;
    const amount = mulRateFloor(fee, referralRatePpm(generation));
    if (amount <= 0n) continue;
    const inserted = await tx
      .insert(referralCashback)
      .values({ orderId, beneficiaryId: id, sourceUserId: userId, generation, fee, amount, createdAt: new Date(at) })
      .onConflictDoNothing()
      .returning({ amount: referralCashback.amount });
    if (inserted.length === 0) continue;
    await move(tx, { userId: id, type: 'cashback', available: amount, ref: `order:${orderId}:gen:${generation}`, at });
  }
}

/** Settles one due order in its own transaction; answers 0 when none is left. */
async function settleOne(db: Db, now: number, graceMs: number): Promise<number> {
  const [r] = await rows<DueRow>(
    db,
    sql`SELECT d.*, ${outcomePayout(sql.raw('d.status'), sql.raw('d.amount'), sql.raw('d.payout_ppm'))}::text AS payout,
          ${outcomeProfit(sql.raw('d.status'), sql.raw('d.amount'), sql.raw('d.payout_ppm'))}::text AS profit
        FROM (SELECT o.id, o.order_no, o.user_id, o.amount, o.fee::text, o.payout_ppm, o.open_tick_time::text, o.settle_time::text,
          s.t::text AS tick_t, COALESCE(s.price, o.open_price)::text AS settle_price,
          ${outcomeStatus({ price: sql.raw('COALESCE(s.price, o.open_price)'), openPrice: sql.raw('o.open_price'), direction: sql.raw('o.direction') })} AS status
        FROM orders o
        LEFT JOIN LATERAL (
          SELECT t, price FROM ticks k WHERE k.product_id = o.product_id AND k.t <= o.settle_time ORDER BY k.t DESC LIMIT 1
        ) s ON true
        WHERE o.status = 'open' AND o.settle_time <= ${now}
          AND (o.settle_time <= ${now - graceMs}
               OR EXISTS (SELECT 1 FROM ticks k WHERE k.product_id = o.product_id AND k.t >= o.settle_time))
        ORDER BY o.settle_time, o.id
        LIMIT 1) d`,
  );
  if (!r) return 0;
  // Decided by the rule's own SQL (outcome.ts), as the set-based engine decides it.
  const o = { status: r.status, payout: cents(BigInt(r.payout)), profit: cents(BigInt(r.profit)) };
  const settlePrice = BigInt(r.settle_price);
  const tickT = r.tick_t !== null ? r.tick_t : r.open_tick_time;
  return db.transaction(async (tx) => {
    const won = await rows<{ id: number }>(
      tx,
      sql`UPDATE orders SET status = ${o.status}, settle_price = ${settlePrice}, settle_tick_time = ${tickT}, payout = ${o.payout},
            profit = ${o.profit}, settled_at = ${now}, changed_xid = pg_current_xact_id()
          WHERE id = ${r.id} AND status = 'open' RETURNING id`,
    );
    if (!won.length) return 1;
    if (o.payout > 0n) await move(tx, { userId: Number(r.user_id), type: 'order_payout', available: o.payout, ref: r.order_no, at: now });
    await cashbackOneByOne(tx, Number(r.id), Number(r.user_id), cents(BigInt(r.fee)), Number(r.settle_time));
    return 1;
  });
}

export async function settleOneByOne(db: Db, now: number, graceMs = 5_000): Promise<number> {
  let total = 0;
  while ((await settleOne(db, now, graceMs)) > 0) total += 1;
  return total;
}

/** Pays queued cashback one order per transaction with the per-row cashback above; answers how many orders. */
export async function drainOneByOne(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [q] = await rows<{ order_id: number; user_id: number; fee: string; settle_time: string }>(
        tx,
        sql`DELETE FROM cashback_queue WHERE order_id = (SELECT min(order_id) FROM cashback_queue)
            RETURNING order_id, user_id, fee::text, settle_time::text`,
      );
      if (!q) return false;
      await cashbackOneByOne(tx, Number(q.order_id), Number(q.user_id), cents(BigInt(q.fee)), Number(q.settle_time));
      return true;
    });
    if (!done) return total;
    total += 1;
  }
}

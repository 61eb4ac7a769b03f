import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pgArray } from '../db/pg-array.ts';
import { rows } from '../db/rows.ts';
import { creditMany } from '../domain/ledger.ts';
import { cents, mulRateFloor, type Cents } from '../../src/shared/money.ts';
import { referralRatePpm } from '../domain/referral-rates.ts';
import { uplinesOf } from './upline.ts';

export interface SettledFee {
  readonly orderId: number;
  /** The member who placed the order. */
  readonly userId: number;
  /** The order's processing fee in cents. */
  readonly fee: Cents;
  readonly at?: number;
}

export interface CashbackPaid {
  readonly orderId: number;
  readonly beneficiaryId: number;
  readonly generation: number;
  readonly amount: Cents;
}

interface Due extends CashbackPaid {
  readonly sourceUserId: number;
  readonly fee: Cents;
  readonly at: number | null;
}

/** What each upline member is owed for each order: fee × that generation's rate, rounded down, nearest first. */
async function owed(tx: Db, settled: readonly SettledFee[]): Promise<Due[]> {
  const paying = settled.filter((s) => s.fee > 0n);
  const uplines = await uplinesOf(tx, paying.map((s) => s.userId));
  const due: Due[] = [];
  for (const s of paying) {
    for (const { id, generation } of uplines.get(s.userId) ?? []) {
      if (id === s.userId) continue;
      const amount = mulRateFloor(s.fee, referralRatePpm(generation));
      if (amount <= 0n) continue;
      due.push({ orderId: s.orderId, beneficiaryId: id, generation, amount, sourceUserId: s.userId, fee: s.fee, at: s.at ?? null });
    }
  }
  return due;
}

/**
 * Pays each upline member, up to nine generations, fee × that generation's rate (rounded down), as `cashback`
 * ledger entries, for a whole batch of settled orders in the caller's transaction (the cashback queue's, see
 * queue.ts): one recursive query, one INSERT and one credit, whatever the batch size. The (order, beneficiary)
 * key makes a repeat for the same order pay nothing more: only rows this INSERT actually added are credited, so
 * a batch may be retried freely. Answers what was paid, by order then generation.
 */
export async function payReferralCashbackMany(tx: Db, settled: readonly SettledFee[]): Promise<CashbackPaid[]> {
  const due = await owed(tx, settled);
  if (!due.length) return [];
  const col = <T extends string | number | bigint | null>(f: (d: Due) => T) => pgArray(due.map(f));
  // Rows go in nearest generation first, so a (hand-edited) cycle that names someone twice pays the nearer one.
  const inserted = await rows<{ order_id: string; beneficiary_id: number | string; generation: number | string; amount: string }>(
    tx,
    sql`INSERT INTO referral_cashback (order_id, beneficiary_id, source_user_id, generation, fee, amount, created_at)
        SELECT v.order_id, v.beneficiary_id, v.source_user_id, v.generation, v.fee, v.amount,
               COALESCE(timestamptz 'epoch' + v.at * interval '1 millisecond', now())
        FROM unnest(${col((d) => d.orderId)}::int8[], ${col((d) => d.beneficiaryId)}::int[], ${col((d) => d.sourceUserId)}::int[],
                    ${col((d) => d.generation)}::int2[], ${col((d) => d.fee)}::int8[], ${col((d) => d.amount)}::int8[], ${col((d) => d.at)}::int8[])
             WITH ORDINALITY AS v(order_id, beneficiary_id, source_user_id, generation, fee, amount, at, ord)
        ORDER BY v.ord
        ON CONFLICT DO NOTHING
        RETURNING order_id::text, beneficiary_id, generation, amount::text`,
  );
  const at = new Map(due.map((d) => [`${d.orderId}:${d.beneficiaryId}`, d.at]));
  const paid = inserted
    .map((r): CashbackPaid => ({ orderId: Number(r.order_id), beneficiaryId: Number(r.beneficiary_id), generation: Number(r.generation), amount: cents(BigInt(r.amount)) }))
    .sort((a, b) => a.orderId - b.orderId || a.generation - b.generation);
  await creditMany(
    tx,
    paid.map((p) => {
      const when = at.get(`${p.orderId}:${p.beneficiaryId}`) ?? null;
      return { userId: p.beneficiaryId, type: 'cashback' as const, amount: p.amount, ref: `order:${p.orderId}:gen:${p.generation}`, ...(when !== null ? { at: when } : {}) };
    }),
  );
  return paid;
}

/** The same for one settled order (operator tools, tests). */
export function payReferralCashback(tx: Db, settled: SettledFee): Promise<CashbackPaid[]> {
  return payReferralCashbackMany(tx, [settled]);
}

import type { Db } from '../db/client.ts';
import { referralCashback } from '../db/schema/referral.ts';
import { move } from '../domain/ledger.ts';
import { mulRateFloor, type Cents } from '../domain/money.ts';
import { referralRatePpm } from '../domain/referral-rates.ts';
import { uplineOf } from './upline.ts';

export interface SettledFee {
  readonly orderId: number;
  /** The member who placed the order. */
  readonly userId: number;
  /** The order's processing fee in cents. */
  readonly fee: Cents;
  readonly at?: number;
}

export interface CashbackPaid {
  readonly beneficiaryId: number;
  readonly generation: number;
  readonly amount: Cents;
}

/**
 * Pays each upline member, up to nine generations, fee × that generation's rate (rounded down), as a `cashback`
 * ledger entry, in the caller's transaction (the settlement's). The (order, beneficiary) key makes a repeat call
 * for the same order pay nothing more, so settlement may retry freely.
 */
export async function payReferralCashback(tx: Db, settled: SettledFee): Promise<CashbackPaid[]> {
  if (settled.fee <= 0n) return [];
  const paid: CashbackPaid[] = [];
  for (const { id, generation } of await uplineOf(tx, settled.userId)) {
    if (id === settled.userId) continue;
    const amount = mulRateFloor(settled.fee, referralRatePpm(generation));
    if (amount <= 0n) continue;
    const inserted = await tx
      .insert(referralCashback)
      .values({
        orderId: settled.orderId,
        beneficiaryId: id,
        sourceUserId: settled.userId,
        generation,
        fee: settled.fee,
        amount,
        ...(settled.at !== undefined ? { createdAt: new Date(settled.at) } : {}),
      })
      .onConflictDoNothing()
      .returning({ amount: referralCashback.amount });
    if (inserted.length === 0) continue;
    await move(tx, { userId: id, type: 'cashback', available: amount, ref: `order:${settled.orderId}:gen:${generation}`, ...(settled.at !== undefined ? { at: settled.at } : {}) });
    paid.push({ beneficiaryId: id, generation, amount });
  }
  return paid;
}

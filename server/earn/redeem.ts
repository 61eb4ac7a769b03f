import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { earnHoldings } from '../db/schema/earn.ts';
import { move } from '../domain/ledger.ts';
import { cents } from '../../src/shared/money.ts';
import { fieldError } from '../http/errors.ts';
import { accrueHolding } from './accrual.ts';

/**
 * Early redemption (decisions.md): the principal comes back, profit already paid stays paid, and the profit of
 * the days not yet ended is forfeited. Days that ended before `now` but that the schedule has not reached yet
 * are paid first: they were earned. Lock-up pledges cannot be redeemed early.
 */
export async function redeemEarly(tx: Db, userId: number, holdingId: number, now: number): Promise<'redeemed' | 'matured'> {
  const [h] = await tx
    .select({ id: earnHoldings.id, family: earnHoldings.family })
    .from(earnHoldings)
    .where(and(eq(earnHoldings.id, holdingId), eq(earnHoldings.userId, userId)));
  // Another member's holding answers exactly like a missing one.
  if (!h) throw fieldError('holdingId', 'error.not_found', 'error.not_found');
  if (h.family !== 'wealth') throw fieldError('holdingId', 'error.not_redeemable', 'error.not_redeemable');
  // If the catch-up reaches maturity, the member gets more than they asked for: principal and the full profit.
  if ((await accrueHolding(tx, h.id, now, now)).matured) return 'matured';
  const [redeemed] = await tx
    .update(earnHoldings)
    .set({ status: 'redeemed', endedAt: new Date(now) })
    .where(and(eq(earnHoldings.id, h.id), eq(earnHoldings.status, 'earning')))
    .returning({ principal: earnHoldings.principal });
  if (!redeemed) throw fieldError('holdingId', 'error.not_redeemable', 'error.not_redeemable');
  await move(tx, { userId, type: 'wealth_principal', available: cents(redeemed.principal), ref: `holding:${h.id}:redeemed`, at: now });
  return 'redeemed';
}

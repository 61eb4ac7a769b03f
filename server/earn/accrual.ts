import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { DAY_MS } from '../../src/shared/earnings.ts';
import type { Db } from '../db/client.ts';
import { earnHoldings, earnRevenue } from '../db/schema/earn.ts';
import { move } from '../domain/ledger.ts';
import { cents, type Cents } from '../../src/shared/money.ts';
import { utcDay } from './days.ts';
import type { HoldingRow } from './holdings.ts';

export interface AccrualSummary {
  holdings: number;
  records: number;
  profit: Cents;
  matured: number;
  failed: number;
}

const profitType = (h: HoldingRow) => (h.family === 'wealth' ? 'wealth_profit' : 'pledge_profit');
const principalType = (h: HoldingRow) => (h.family === 'wealth' ? 'wealth_principal' : 'pledge_principal');
/** When day k of a holding ends and its profit falls due. */
const dueAt = (h: HoldingRow, k: number) => h.startedAt.getTime() + k * DAY_MS;

/**
 * Pays every day of one holding that is due at or before `until`, and returns the principal at maturity, in the
 * caller's transaction. The row lock serialises this with redemption and with any other accrual run; the
 * (holding, day) key is the last line of defence, so a day can never be paid twice.
 */
export async function accrueHolding(tx: Db, holdingId: number, until: number, now: number): Promise<{ records: number; profit: Cents; matured: boolean }> {
  const [h] = await tx.select().from(earnHoldings).where(eq(earnHoldings.id, holdingId)).for('update');
  const result = { records: 0, profit: cents(0n), matured: false };
  if (!h || h.status !== 'earning') return result;
  const principal = cents(h.principal);
  const dailyProfit = cents(h.dailyProfit);
  let days = h.accruedDays;
  let earned = h.earned;
  while (days < h.cycleDays && dueAt(h, days + 1) <= until) {
    days += 1;
    const day = utcDay(dueAt(h, days));
    const inserted = await tx
      .insert(earnRevenue)
      .values({ holdingId: h.id, day, dayIndex: days, principal, profit: dailyProfit, createdAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ day: earnRevenue.day });
    if (inserted.length === 0 || dailyProfit === 0n) continue;
    await move(tx, { userId: h.userId, type: profitType(h), available: dailyProfit, ref: `holding:${h.id}:day:${days}`, at: now });
    earned += dailyProfit;
    result.records += 1;
    result.profit = cents(result.profit + dailyProfit);
  }
  const matured = days === h.cycleDays;
  if (matured) await move(tx, { userId: h.userId, type: principalType(h), available: principal, ref: `holding:${h.id}:principal`, at: now });
  await tx
    .update(earnHoldings)
    .set({
      accruedDays: days,
      earned,
      nextDueAt: new Date(dueAt(h, Math.min(days + 1, h.cycleDays))),
      ...(matured ? { status: 'complete' as const, endedAt: new Date(now) } : {}),
    })
    .where(eq(earnHoldings.id, h.id));
  result.matured = matured;
  return result;
}

const BATCH = 500;

/**
 * Runs accrual for everything due at or before `until`: what the schedule does every minute with
 * until = now, and what the operator's `accrue --date` does with the end of that date. Each holding is its own
 * transaction, so one bad row cannot hold back everyone else's profit.
 */
export async function accrueDue(db: Db, until: number, now: number, log: (msg: string) => void = console.error): Promise<AccrualSummary> {
  const summary: AccrualSummary = { holdings: 0, records: 0, profit: cents(0n), matured: 0, failed: 0 };
  let afterId = 0;
  for (;;) {
    const due = await db
      .select({ id: earnHoldings.id })
      .from(earnHoldings)
      .where(and(eq(earnHoldings.status, 'earning'), lte(earnHoldings.nextDueAt, new Date(until)), gt(earnHoldings.id, afterId)))
      .orderBy(asc(earnHoldings.id))
      .limit(BATCH);
    for (const { id } of due) {
      afterId = id;
      try {
        const r = await db.transaction((tx) => accrueHolding(tx, id, until, now));
        summary.holdings += 1;
        summary.records += r.records;
        summary.profit = cents(summary.profit + r.profit);
        if (r.matured) summary.matured += 1;
      } catch (e) {
        summary.failed += 1;
        log(`[accrual] holding ${id} failed: ${(e as Error).message}`);
      }
    }
    if (due.length < BATCH) return summary;
  }
}

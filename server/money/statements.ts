import { and, count, desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { ledgerType, type LedgerType, type ReviewItem } from '../../src/contract/user.ts';
import { ledger } from '../db/schema/core.ts';
import { deposits, refundRequests, withdrawals } from '../db/schema/money.ts';
import type { Deps } from '../deps.ts';
import { balanceOf } from '../domain/ledger.ts';
import { cents, fromCents } from '../../src/shared/money.ts';
import { route } from '../http/route.ts';
import { reviewItemOf } from './review-items.ts';

/** How many of each kind of request balance_list shows, newest first. */
const RECENT_REQUESTS = 50;
const typeOf = (t: string): LedgerType => {
  const parsed = ledgerType.safeParse(t);
  return parsed.success ? parsed.data : 'adjust';
};

export function statementRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'user/water', async ({ body, user, db }) => {
    const where = body.type === undefined ? eq(ledger.userId, user.id) : and(eq(ledger.userId, user.id), eq(ledger.type, body.type));
    const [total] = await db.select({ n: count() }).from(ledger).where(where);
    const rows = await db.select().from(ledger).where(where).orderBy(desc(ledger.id)).limit(body.size).offset((body.page - 1) * body.size);
    return {
      items: rows.map((r) => ({
        id: r.id,
        type: typeOf(r.type),
        amount: fromCents(cents(r.amount)),
        available: fromCents(cents(r.availableDelta)),
        balanceAfter: fromCents(cents(r.balanceAfter)),
        createdAt: r.createdAt.getTime(),
        ref: r.ref,
      })),
      total: total?.n ?? 0,
      page: body.page,
      size: body.size,
    };
  });

  route(app, deps, 'user/balance_list', async ({ user, db }) => {
    const acc = await balanceOf(db, user.id);
    const [ins, outs, refunds] = await Promise.all([
      db.select().from(deposits).where(eq(deposits.userId, user.id)).orderBy(desc(deposits.id)).limit(RECENT_REQUESTS),
      db.select().from(withdrawals).where(eq(withdrawals.userId, user.id)).orderBy(desc(withdrawals.id)).limit(RECENT_REQUESTS),
      db.select().from(refundRequests).where(eq(refundRequests.userId, user.id)).orderBy(desc(refundRequests.id)).limit(RECENT_REQUESTS),
    ]);
    const requests: ReviewItem[] = [
      ...ins.map((r) => reviewItemOf('deposit', r.method, r)),
      ...outs.map((r) => reviewItemOf('withdrawal', r.method, r)),
      ...refunds.map((r) => reviewItemOf('refund', 'refund', { ...r, amount: r.credited ?? r.lostAmount })),
    ].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
    return {
      currency: deps.config.CURRENCY,
      balance: fromCents(cents(acc.available + acc.frozen)),
      available: fromCents(acc.available),
      frozen: fromCents(acc.frozen),
      requests,
    };
  });
}

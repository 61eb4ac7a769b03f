import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { refundRequests } from '../db/schema/money.ts';
import type { Deps } from '../deps.ts';
import { toCents } from '../../src/shared/money.ts';
import { ApiError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { payPasswordGate, requirePayPassword } from './pay-password.ts';
import { reviewItemOf } from './review-items.ts';

/** The anti-fraud refund request: recorded under review; only an operator's approval moves money. */
export function refundRoutes(app: Hono, deps: Deps) {
  payPasswordGate(app, deps, 'wallet/submit');
  route(app, deps, 'wallet/submit', async ({ body, user, db, now, hono }) => {
    requirePayPassword(hono);
    const open = await db
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(and(eq(refundRequests.userId, user.id), eq(refundRequests.refundNumber, body.refundNumber), eq(refundRequests.status, 'review')));
    if (open.length > 0) throw new ApiError('error.review_pending');
    const [row] = await db
      .insert(refundRequests)
      .values({
        userId: user.id,
        nationality: body.nationality,
        name: body.name,
        idNumber: body.idNumber,
        lostAmount: toCents(body.lostAmount),
        refundNumber: body.refundNumber,
        createdAt: new Date(now),
      })
      .returning();
    if (!row) throw new ApiError('error.internal');
    return reviewItemOf('refund', 'refund', { ...row, amount: row.lostAmount });
  });
}

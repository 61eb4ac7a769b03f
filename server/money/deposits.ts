import { and, count, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { deposits } from '../db/schema/money.ts';
import type { Deps } from '../deps.ts';
import { minimumRefusal } from '../domain/amount-limits.ts';
import { toCents } from '../../src/shared/money.ts';
import { ApiError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { checkImage } from './images.ts';
import { MAX_PENDING_DEPOSITS, MIN_DEPOSIT } from './limits.ts';
import { reviewItemOf } from './review-items.ts';
import { refuseDuringBreak } from '../limits/break.ts';
import { removeImages, storeImage } from './uploads.ts';

/** A deposit made outside the app is declared here and waits for review; nothing is credited until approval. */
export function depositRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'user/deposit', async ({ body, user, db, now }) => {
    const amount = toCents(body.amount);
    const refused = minimumRefusal(amount, MIN_DEPOSIT);
    if (refused) throw refused;
    await refuseDuringBreak(db, user.id, now);
    const [pending] = await db.select({ n: count() }).from(deposits).where(and(eq(deposits.userId, user.id), eq(deposits.status, 'review')));
    if ((pending?.n ?? 0) >= MAX_PENDING_DEPOSITS) throw new ApiError('error.review_pending');
    // Checked before anything is stored; stored last, so a refused request leaves no file behind.
    const receipt = body.receipt === undefined ? null : checkImage(body.receipt, 'receipt');
    const receiptFile = receipt ? await storeImage(deps.config, receipt) : null;
    try {
      const [row] = await db
        .insert(deposits)
        .values({ userId: user.id, method: body.method, amount, reference: body.reference, receiptFile, createdAt: new Date(now) })
        .returning();
      if (!row) throw new ApiError('error.internal');
      return reviewItemOf('deposit', row.method, row);
    } catch (e) {
      if (receiptFile) await removeImages(deps.config, [receiptFile]);
      throw e;
    }
  });
}

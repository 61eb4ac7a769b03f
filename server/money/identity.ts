import { desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Res } from '../../src/contract/api.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { identityChecks } from '../db/schema/money.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { isUniqueViolation, route } from '../http/route.ts';
import { checkImage } from './images.ts';
import { maskIdNumber } from './mask.ts';
import { removeImages, storeImage } from './uploads.ts';

const STATUS = { review: 'review', approved: 'approved', denied: 'denied' } as const;
const statusOf = (s: string) => STATUS[s as keyof typeof STATUS] ?? 'review';

/** The member's own latest check; every query is keyed by the signed-in member, so no one reads another's. */
async function idcardOf(db: Db, userId: number): Promise<Res<'user/idcard'>> {
  const [row] = await db.select().from(identityChecks).where(eq(identityChecks.userId, userId)).orderBy(desc(identityChecks.id)).limit(1);
  if (!row) return { status: 'none', realName: null, idNumberMasked: null, reason: null, submittedAt: null };
  return {
    status: statusOf(row.status),
    realName: row.realName,
    idNumberMasked: maskIdNumber(row.idNumber),
    reason: row.reason,
    submittedAt: row.createdAt.getTime(),
  };
}

export function identityRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'user/bind_idcard', async ({ body, user, db, now }) => {
    const [u] = await db.select({ verified: users.verified }).from(users).where(eq(users.id, user.id));
    if (u?.verified) throw new ApiError('error.already_verified');
    if ((await idcardOf(db, user.id)).status === 'review') throw new ApiError('error.review_pending');
    // Both photos are checked before either is stored.
    const front = checkImage(body.front, 'front');
    const back = checkImage(body.back, 'back');
    const files = [await storeImage(deps.config, front), await storeImage(deps.config, back)] as const;
    try {
      await db.insert(identityChecks).values({
        userId: user.id,
        realName: body.realName,
        idNumber: body.idNumber,
        frontFile: files[0],
        backFile: files[1],
        createdAt: new Date(now),
      });
    } catch (e) {
      await removeImages(deps.config, files);
      // A concurrent submission won the one-pending-check index.
      if (isUniqueViolation(e)) throw new ApiError('error.review_pending');
      throw e;
    }
    return idcardOf(db, user.id);
  });

  route(app, deps, 'user/idcard', async ({ user, db }) => idcardOf(db, user.id));
}

import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { users } from '../db/schema/core.ts';
import type { Deps } from '../deps.ts';
import { cents, fromCents } from '../../src/shared/money.ts';
import { REFERRAL_RATES } from '../domain/referral-rates.ts';
import { ApiError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { cashbackByGeneration, maskUsername, teamOf } from '../referral/team.ts';

/** Invite friends (`/yqhy`): code, registration link, team and cashback per generation, newest team members. */
export function inviteRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'user/invite', async ({ user, db }) => {
    const [me] = await db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.id, user.id));
    if (!me) throw new ApiError('error.unauthorized');
    const [team, cashback] = [await teamOf(db, user.id), await cashbackByGeneration(db, user.id)];
    return {
      inviteCode: me.inviteCode,
      registerPath: `/reg?code=${encodeURIComponent(me.inviteCode)}`,
      levels: REFERRAL_RATES.map((rate, i) => ({
        level: i + 1,
        members: team.members.get(i + 1) ?? 0,
        cashback: fromCents(cashback.get(i + 1) ?? cents(0n)),
        rate,
      })),
      recent: team.recent.map((r) => ({ username: maskUsername(r.username), registeredAt: r.registeredAt, level: r.generation })),
    };
  });
}

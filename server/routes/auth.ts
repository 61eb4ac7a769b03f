import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { clearAttempts, countAttempts, limits, refundAttempt } from '../auth/attempts.ts';
import { sessionLife } from '../auth/session-life.ts';
import { revokeSession } from '../auth/sessions.ts';
import { createSession } from '../auth/tokens.ts';
import { newInviteCode } from '../auth/invite-code.ts';
import { rows } from '../db/rows.ts';
import { accounts, users } from '../db/schema/core.ts';
import type { Deps } from '../deps.ts';
import { balanceOf } from '../domain/ledger.ts';
import { cents, fromCents } from '../../src/shared/money.ts';
import { levelOf } from '../domain/level.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { isUniqueViolation, route } from '../http/route.ts';

export function authRoutes(app: Hono, deps: Deps) {
  const life = sessionLife(deps.config);
  route(app, deps, 'user/register', async ({ body, db, now, ip, hono }) => {
    // Counted before anything else, like every attempt: a flood of sign-ups from one address slows down.
    if (!(await countAttempts(db, [limits.registerSource(ip, deps.config.REGISTER_PER_HOUR)], now))) throw new ApiError('error.rate_limited');
    const code = body.inviteCode.toUpperCase();
    const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code));
    // An operator's code (invite-create) invites without an inviter: the first members of a deployment.
    const [house] = inviter ? [] : await rows<{ code: string }>(db, sql`SELECT code FROM invitation_codes WHERE code = ${code}`);
    if (!inviter && !house) throw fieldError('inviteCode', 'error.invite_invalid', 'error.invite_invalid');
    const passwordHash = await hashPassword(body.password);
    try {
      const id = await db.transaction(async (tx) => {
        const [u] = await tx
          .insert(users)
          .values({ username: body.username, phone: body.phone, passwordHash, inviteCode: newInviteCode(), inviterId: inviter?.id ?? null, createdAt: new Date(now) })
          .returning({ id: users.id });
        if (!u) throw new ApiError('error.internal');
        await tx.insert(accounts).values({ userId: u.id });
        return u.id;
      });
      return await createSession(db, id, now, life, hono.req.header('user-agent'));
    } catch (e) {
      if (isUniqueViolation(e)) throw fieldError('username', 'error.username_taken', 'error.username_taken');
      throw e;
    }
  });

  route(app, deps, 'user/login', async ({ body, db, now, ip, hono }) => {
    const name = body.username.toLowerCase();
    // Source first, then this account from this source, then this account from everywhere (attempts.ts).
    const buckets = [limits.loginSource(ip), limits.loginAccountSource(name, ip), limits.loginAccount(name)];
    if (!(await countAttempts(db, buckets, now))) throw new ApiError('error.rate_limited');
    const [u] = await db.select({ id: users.id, hash: users.passwordHash }).from(users).where(sql`lower(${users.username}) = ${name}`);
    const good = await verifyPassword(u?.hash ?? (await decoyHash()), body.password);
    if (!u || !good) throw new ApiError('error.name_or_password', undefined, 401);
    await clearAttempts(db, [limits.loginAccountSource(name, ip).bucket, limits.loginAccount(name).bucket]);
    await refundAttempt(db, limits.loginSource(ip).bucket);
    // Always a new token (createSession): one the request came with, signed in or planted, is never adopted.
    return createSession(db, u.id, now, life, hono.req.header('user-agent'));
  });

  route(app, deps, 'user/logout', async ({ user, db }) => {
    await revokeSession(db, user.tokenHash);
    return { ok: true as const };
  });

  route(app, deps, 'user/details', async ({ user, db }) => {
    const [u] = await db.select().from(users).where(eq(users.id, user.id));
    if (!u) throw new ApiError('error.unauthorized');
    const acc = await balanceOf(db, user.id);
    return {
      id: u.id,
      username: u.username,
      phone: u.phone,
      inviteCode: u.inviteCode,
      level: levelOf(cents(u.depositedTotal)),
      verified: u.verified,
      hasPayPassword: u.payPasswordHash !== null,
      registeredAt: u.createdAt.getTime(),
      currency: deps.config.CURRENCY,
      balance: fromCents(cents(acc.available + acc.frozen)),
      available: fromCents(acc.available),
      frozen: fromCents(acc.frozen),
    };
  });
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { clearAttempts, countAttempts, limits } from '../auth/attempts.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeOtherSessions } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import type { Deps } from '../deps.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { spendApproval, verifyStepUp, type Approval, type Asked } from '../passkeys/approval.ts';
import { payPasswordPayload } from '../passkeys/binding.ts';
import { pinMac } from '../passkeys/credentials.ts';
import { relyingParty } from '../passkeys/relying-party.ts';
import { verifyPayPassword } from './pay-password.ts';

/**
 * The current login password asked again inside a session: each try is counted in the database before it is
 * checked (5, then an exponential delay), so a stolen session cannot guess it, even in parallel.
 */
export async function checkLoginPassword(db: Db, userId: number, hash: string, plain: string, field: string, now: number) {
  const limit = limits.passwordInSession(userId);
  if (!(await countAttempts(db, [limit], now))) throw new ApiError('error.rate_limited');
  if (await verifyPassword(hash, plain)) return clearAttempts(db, [limit.bucket]);
  throw fieldError(field, 'error.password_wrong', 'error.password_wrong');
}

export function passwordRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'user/reset_pwd', async ({ body, user, db, now }) => {
    const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!u) throw new ApiError('error.unauthorized');
    await checkLoginPassword(db, user.id, u.hash, body.oldPassword, 'oldPassword', now);
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Whoever else holds a session (a lost phone, a thief) is signed out; this device stays signed in.
      await revokeOtherSessions(tx, user.id, user.tokenHash);
    });
    return { ok: true as const };
  });

  route(app, deps, 'user/reset_paypwd', async ({ body, user, db, now, hono }) => {
    const [u] = await db.select({ hash: users.passwordHash, payHash: users.payPasswordHash }).from(users).where(eq(users.id, user.id));
    if (!u) throw new ApiError('error.unauthorized');
    let approval: { readonly passkey: Approval; readonly asked: Asked } | null = null;
    if (u.payHash === null) {
      // First time: the login password proves it is the member.
      if (body.loginPassword === undefined) throw fieldError('loginPassword', 'field.required');
      await checkLoginPassword(db, user.id, u.hash, body.loginPassword, 'loginPassword', now);
    } else if (body.passkey !== undefined) {
      // Changing, approved by a passkey for exactly this new PIN; spent below with the change.
      const asked = { userId: user.id, purpose: 'pay_password' as const, payload: payPasswordPayload(user.id, await pinMac(db, user.id, body.newPayPassword)), now };
      approval = { passkey: await verifyStepUp(db, relyingParty(deps.config, hono), body.passkey, asked), asked };
    } else {
      // Changing: the current transaction password, under the same lock as withdrawals.
      if (body.oldPayPassword === undefined) throw fieldError('oldPayPassword', 'field.required');
      await verifyPayPassword(db, user.id, body.oldPayPassword, now);
    }
    const payPasswordHash = await hashPassword(body.newPayPassword);
    // Conditional on the hash we checked against, so two concurrent changes cannot both pass with one proof.
    const unchanged = u.payHash === null ? isNull(users.payPasswordHash) : eq(users.payPasswordHash, u.payHash);
    await db.transaction(async (tx) => {
      if (approval) await spendApproval(tx, approval.passkey, approval.asked);
      const [changed] = await tx
        .update(users)
        .set({ payPasswordHash, payPasswordFails: 0, payPasswordLockedUntil: null })
        .where(and(eq(users.id, user.id), unchanged))
        .returning({ id: users.id });
      if (!changed) throw new ApiError('error.pay_password_wrong');
    });
    return { ok: true as const };
  });
}

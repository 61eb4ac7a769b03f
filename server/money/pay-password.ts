import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { api } from '../../src/contract/api.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { gateSession } from '../auth/gate-session.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { gateInput } from '../http/route.ts';
import { PAY_PASSWORD_LOCK_MS, PAY_PASSWORD_MAX_FAILS } from './limits.ts';

type Outcome = 'ok' | 'wrong' | 'locked' | 'unset';

/** Checks in progress per (member, PIN), so concurrent requests with the same PIN share one try. */
const inFlight = new Map<string, Promise<Outcome>>();

/**
 * Checks the 6-digit transaction password. Each try is counted on the member's row by one atomic UPDATE
 * *before* the hash is checked, and only while it is not locked and under the limit, so concurrent guesses
 * cannot slip past it: of 50 parallel different guesses at most 5 are checked. Concurrent requests with the
 * same PIN (a member's own burst of withdrawals) share one check, so they count as one try. The fifth wrong
 * one locks it for 15 minutes (server time). Must run outside any transaction a failure would roll back.
 */
export async function verifyPayPassword(db: Db, userId: number, plain: string, now: number): Promise<void> {
  const key = `${userId}:${createHash('sha256').update(plain).digest('hex')}`;
  let outcome = inFlight.get(key);
  if (!outcome) {
    outcome = tryPayPassword(db, userId, plain, now).finally(() => inFlight.delete(key));
    inFlight.set(key, outcome);
  }
  const result = await outcome;
  if (result === 'ok') return;
  if (result === 'unset') throw new ApiError('error.pay_password_unset');
  if (result === 'locked') throw new ApiError('error.pay_password_locked');
  throw new ApiError('error.pay_password_wrong', { payPassword: 'error.pay_password_wrong' });
}

async function tryPayPassword(db: Db, userId: number, plain: string, now: number): Promise<Outcome> {
  const [counted] = await db
    .update(users)
    .set({ payPasswordFails: sql`${users.payPasswordFails} + 1` })
    .where(and(
      eq(users.id, userId),
      isNotNull(users.payPasswordHash),
      or(isNull(users.payPasswordLockedUntil), lte(users.payPasswordLockedUntil, new Date(now))),
      lt(users.payPasswordFails, PAY_PASSWORD_MAX_FAILS),
    ))
    .returning({ hash: users.payPasswordHash, fails: users.payPasswordFails });
  if (!counted?.hash) {
    const [u] = await db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId));
    return u?.hash ? 'locked' : 'unset';
  }
  if (await verifyPassword(counted.hash, plain)) {
    // Forget the tries up to and including this one; tries still in flight keep theirs.
    await db.update(users).set({ payPasswordFails: sql`GREATEST(${users.payPasswordFails} - ${counted.fails}, 0)` }).where(eq(users.id, userId));
    return 'ok';
  }
  if (counted.fails >= PAY_PASSWORD_MAX_FAILS) {
    await db.update(users).set({ payPasswordFails: 0, payPasswordLockedUntil: new Date(now + PAY_PASSWORD_LOCK_MS) }).where(eq(users.id, userId));
    return 'locked';
  }
  return 'wrong';
}

type GatedPath = 'wallet/bankWithdrawal' | 'wallet/trcWithdrawal' | 'wallet/submit' | 'wealth/submit';
const passed = new WeakSet<Request>();

/**
 * These money paths run their handler inside a transaction (route()), where a failed password check would be
 * rolled back together with its count. So the check runs here first, before the route, on the same
 * validated body, and the handler only confirms it happened (requirePayPassword). Bodies that fail
 * validation are left to the route, so malformed input never counts as a wrong try.
 */
export function payPasswordGate(app: Hono, deps: Deps, path: GatedPath): void {
  app.use(`/api/${path}`, async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const now = deps.clock.now();
    const user = await gateSession(c, deps.db, now);
    const body = user ? await gateInput(c, path) : undefined;
    const parsed = api[path].req.safeParse(body);
    // A withdrawal approved by a passkey instead carries no PIN (passkeys/gate.ts checks that one).
    if (user && parsed.success && parsed.data.payPassword !== undefined) {
      await verifyPayPassword(deps.db, user.id, parsed.data.payPassword, now);
      passed.add(c.req.raw);
    }
    await next();
  });
}

/** In the handler: the gate verified this request's transaction password. */
export function requirePayPassword(c: Context): void {
  if (!passed.has(c.req.raw)) throw new ApiError('error.pay_password_wrong', { payPassword: 'error.pay_password_wrong' });
}

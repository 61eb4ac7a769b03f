// A session lives while it is used. Each authenticated call moves its end (expires_at) to the call's time plus the
// idle time, never past its maximum life after sign-in; unused for the idle time, it ends, and the next call with
// it is told so (error.session_idle), not merely refused. Everything that checks a session reads expires_at (the
// order statement too), so the moving end is the only rule there is.
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/core.ts';
import { endAfterUse, readSession, type AuthUser, type SessionLife } from './tokens.ts';

const DAY_MS = 86_400_000;

export const sessionLife = (c: Pick<Config, 'SESSION_IDLE_DAYS' | 'SESSION_MAX_DAYS'>): SessionLife => ({
  idleMs: Math.round(c.SESSION_IDLE_DAYS * DAY_MS),
  maxMs: Math.round(c.SESSION_MAX_DAYS * DAY_MS),
});

/**
 * A use is written at most this often per session: a screen polls every few seconds, and a write per poll
 * would cost every member's every call. The end it moves is a month away, so a minute of it is nothing.
 */
export const TOUCH_EVERY_MS = 60_000;

/** Why a call with a token is not a member's: none such (or revoked), or unused too long. */
export type Refusal = 'error.unauthorized' | 'error.session_idle';
export type Authenticated = { readonly user: AuthUser; readonly refusal: null } | { readonly user: null; readonly refusal: Refusal };

const refused = (refusal: Refusal): Authenticated => ({ user: null, refusal });

/**
 * The member of this header's token at `now`, recording the use (at most once a TOUCH_EVERY_MS per session); or
 * why not. A session that ended before its maximum life ended idle (its end had stopped moving); one that reached
 * its maximum life, or that is gone (signed out, ended from another device, pruned), is just unauthorized.
 */
export async function authenticate(db: Db, header: string | undefined, now: number, life: SessionLife): Promise<Authenticated> {
  const found = await readSession(db, header);
  if (!found) return refused('error.unauthorized');
  if (found.expiresAt <= now) return refused(found.expiresAt < found.createdAt + life.maxMs ? 'error.session_idle' : 'error.unauthorized');
  if (now - found.lastActiveAt >= TOUCH_EVERY_MS) await touch(db, found.user.tokenHash, found.createdAt, now, life);
  return { user: found.user, refusal: null };
}

/**
 * Records a use at `now`. Conditional, so calls racing on several instances write once, and a session that ended
 * meanwhile (revoked, or idle by a moment) stays ended.
 */
async function touch(db: Db, hash: string, createdAt: number, now: number, life: SessionLife): Promise<void> {
  await db
    .update(sessions)
    .set({ lastActiveAt: new Date(now), expiresAt: new Date(endAfterUse(createdAt, now, life)) })
    .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, new Date(now)), lte(sessions.lastActiveAt, new Date(now - TOUCH_EVERY_MS))));
}

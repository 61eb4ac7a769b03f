// A member's signed-in devices: their live sessions, named by public id, and ending them. An ended session's
// token answers 401 at its very next call on every instance: each check reads the sessions table (the order
// statement too, whatever hint of the session an instance holds), and the hints this instance holds are dropped.
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { SignedInDevice } from '../../src/contract/sessions.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/core.ts';
import { ApiError } from '../http/errors.ts';
import { forgetSession } from './session-cache.ts';
import { revokeOtherSessions, type AuthUser } from './tokens.ts';

/** My sessions live at `now`: this request's first, then the most recently used. */
export async function myDevices(db: Db, me: AuthUser, now: number): Promise<SignedInDevice[]> {
  const current = sql<boolean>`${sessions.tokenHash} = ${me.tokenHash}`;
  const found = await db
    .select({ id: sessions.publicId, browser: sessions.browser, os: sessions.os, createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt, current })
    .from(sessions)
    .where(and(eq(sessions.userId, me.id), gt(sessions.expiresAt, new Date(now))))
    .orderBy(desc(current), desc(sessions.lastActiveAt), desc(sessions.createdAt));
  return found.map((s) => ({
    id: s.id,
    browser: s.browser,
    os: s.os,
    signedInAt: s.createdAt.getTime(),
    lastActiveAt: s.lastActiveAt.getTime(),
    current: s.current,
  }));
}

/** Ends my live session `publicId`; not one of mine (another member's, ended, unknown): session_unknown, nothing changes. */
export async function endMyDevice(db: Db, me: AuthUser, publicId: string, now: number): Promise<void> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.userId, me.id), gt(sessions.expiresAt, new Date(now))))
    .returning({ hash: sessions.tokenHash });
  if (gone.length === 0) throw new ApiError('error.session_unknown');
  for (const g of gone) forgetSession(db, g.hash);
}

/** Ends every session of mine but this request's. */
export async function endMyOtherDevices(db: Db, me: AuthUser): Promise<void> {
  for (const hash of await revokeOtherSessions(db, me.id, me.tokenHash)) forgetSession(db, hash);
}

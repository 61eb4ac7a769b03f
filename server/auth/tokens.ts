import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/core.ts';
import { deviceOf } from './device.ts';

/** 256 random bits; only the SHA-256 of a token is stored, so a database leak yields no usable session. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** How long a session lives (config SESSION_IDLE_DAYS, SESSION_MAX_DAYS; server/auth/session-life.ts). */
export interface SessionLife {
  /** Unused this long, it ends. */
  readonly idleMs: number;
  /** Used or not, it ends this long after sign-in. */
  readonly maxMs: number;
}

/** A session's end when used at `now`: the idle time from now, never past its maximum life. */
export const endAfterUse = (createdAt: number, now: number, life: SessionLife): number => Math.min(now + life.idleMs, createdAt + life.maxMs);

/**
 * A new session for the member: always a new random token, whatever the request carried, so a token planted
 * before sign-in never becomes a signed-in one. `userAgent` names the device in the member's list.
 */
export async function createSession(db: Db, userId: number, now: number, life: SessionLife, userAgent?: string | undefined) {
  const accessToken = newToken();
  const expiresAt = endAfterUse(now, now, life);
  const at = new Date(now);
  await db.insert(sessions).values({ tokenHash: tokenHash(accessToken), userId, createdAt: at, lastActiveAt: at, expiresAt: new Date(expiresAt), ...deviceOf(userAgent) });
  return { accessToken, expiresAt };
}

export interface AuthUser {
  readonly id: number;
  readonly username: string;
  readonly tokenHash: string;
}

/** The token of an `Authorization` header (`Bearer ` optional), or null when there is none worth looking up. */
export function tokenOf(header: string | undefined): string | null {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  return token && token.length <= 200 ? token : null;
}

/** A session as stored, ended or not: the caller decides by the server's clock. */
export interface StoredSession {
  readonly user: AuthUser;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly lastActiveAt: number;
}

/** The session of this header's token, live or ended (session-life.ts tells which), or null when there is none. */
export async function readSession(db: Db, header: string | undefined): Promise<StoredSession | null> {
  const token = tokenOf(header);
  if (token === null) return null;
  const h = tokenHash(token);
  const [row] = await db
    .select({ id: users.id, username: users.username, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, lastActiveAt: sessions.lastActiveAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, h))
    .limit(1);
  if (!row) return null;
  return {
    user: { id: row.id, username: row.username, tokenHash: h },
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    lastActiveAt: row.lastActiveAt.getTime(),
  };
}

/** The member of a live session (unexpired at `now`), or null. Reads only: a use is recorded by session-life.ts. */
export async function findSession(db: Db, header: string | undefined, now: number): Promise<AuthUser | null> {
  const found = await readSession(db, header);
  return found && found.expiresAt > now ? found.user : null;
}

/** Revokes every session of a member except the one in use (after a password change); answers the ended ones' hashes. */
export async function revokeOtherSessions(db: Db, userId: number, keepHash: string): Promise<string[]> {
  const gone = await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash))).returning({ hash: sessions.tokenHash });
  return gone.map((g) => g.hash);
}

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/core.ts';

/** 256 random bits; only the SHA-256 of a token is stored, so a database leak yields no usable session. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number, now: number, ttlMs: number) {
  const accessToken = newToken();
  const expiresAt = now + ttlMs;
  await db.insert(sessions).values({ tokenHash: tokenHash(accessToken), userId, createdAt: new Date(now), expiresAt: new Date(expiresAt) });
  return { accessToken, expiresAt };
}

export interface AuthUser {
  readonly id: number;
  readonly username: string;
  readonly tokenHash: string;
}

export async function findSession(db: Db, header: string | undefined, now: number): Promise<AuthUser | null> {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  if (!token || token.length > 200) return null;
  const h = tokenHash(token);
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, h), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  return row ? { ...row, tokenHash: h } : null;
}

/** Revokes every session of a member except the one in use (after a password change). */
export async function revokeOtherSessions(db: Db, userId: number, keepHash: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash)));
}

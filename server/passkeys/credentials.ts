import { createHmac } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PasskeyItem } from '../../src/contract/passkeys.ts';
import type { Db } from '../db/client.ts';
import { passkeyCredentials } from '../db/schema/passkeys.ts';
import { keptSecret } from '../secrets.ts';

/** Passkeys one member may hold: enough for every device they own, few enough to list on one screen. */
export const MAX_PASSKEYS = 10;

export type Credential = typeof passkeyCredentials.$inferSelect;

export const itemOf = (c: Credential): PasskeyItem => ({
  id: c.id,
  name: c.name,
  createdAt: c.createdAt.getTime(),
  lastUsedAt: c.lastUsedAt === null ? null : c.lastUsedAt.getTime(),
});

export const credentialsOf = (db: Db, userId: number): Promise<Credential[]> =>
  db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, userId)).orderBy(asc(passkeyCredentials.id));

/** A credential by the id the browser gives it, whoever owns it (a sign-in learns the member from it). */
export async function credentialById(db: Db, credentialId: string): Promise<Credential | null> {
  const [row] = await db.select().from(passkeyCredentials).where(eq(passkeyCredentials.credentialId, credentialId));
  return row ?? null;
}

/** One of this member's passkeys by its row id; another member's looks exactly like one that does not exist. */
export async function ownCredential(db: Db, userId: number, id: number): Promise<Credential | null> {
  const [row] = await db.select().from(passkeyCredentials).where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.userId, userId)));
  return row ?? null;
}

/** After a good assertion: its counter (never lowered by a slower request) and when it was last used. */
export async function touchCredential(db: Db, id: number, counter: number, now: number): Promise<void> {
  await db
    .update(passkeyCredentials)
    .set({ counter: sql`GREATEST(${passkeyCredentials.counter}, ${counter})`, lastUsedAt: new Date(now) })
    .where(eq(passkeyCredentials.id, id));
}

const key = (db: Db) => keptSecret(db, 'passkey_hmac');

/**
 * The member's WebAuthn user handle: the same for all their passkeys (so an authenticator keeps one per member
 * and site) and no personal data (WebAuthn asks for none): a keyed hash of the member id, 32 bytes, base64url.
 */
export const userHandleOf = async (db: Db, userId: number): Promise<string> =>
  createHmac('sha256', await key(db)).update(`user:${userId}`).digest('base64url');

/**
 * What a step-up for a new transaction password is bound to: a keyed hash of the member and the new PIN, so the
 * challenges table holds nothing a 6-digit PIN could be guessed back from in a moment, as its plain hash would.
 */
export const pinMac = async (db: Db, userId: number, pin: string): Promise<string> =>
  createHmac('sha256', await key(db)).update(`pin:${userId}:${pin}`).digest('base64url');

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passkeyChallenges, type PasskeyPurpose } from '../db/schema/passkeys.ts';
import { deriveChallenge, newNonce, payloadDigest, type Payload } from './binding.ts';

/** How long a ceremony may take, from the options to the answer (the browser's own timeout is one minute). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The member a challenge is for: null for a sign-in. */
const forMember = (userId: number | null) => (userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId));

/**
 * Hands out a challenge for (purpose, payload) and keeps its nonce and the payload's digest, never the payload.
 * The same statement drops the challenges that have expired, so the table holds only live ones (how many a
 * member or an address may ask for is bounded by the attempt limits in limits.ts).
 */
export async function issueChallenge(db: Db, c: { userId: number | null; purpose: PasskeyPurpose; payload: Payload; now: number }): Promise<string> {
  const nonce = newNonce();
  const challenge = deriveChallenge(nonce, c.purpose, c.payload);
  await db.execute(sql`
    WITH expired AS (DELETE FROM passkey_challenges WHERE expires_at <= ${new Date(c.now)})
    INSERT INTO passkey_challenges (challenge, nonce, user_id, purpose, payload_digest, expires_at)
    VALUES (${challenge}, ${nonce}, ${c.userId}, ${c.purpose}, ${payloadDigest(c.payload)}, ${new Date(c.now + CHALLENGE_TTL_MS)})`);
  return challenge;
}

export interface LiveChallenge {
  readonly challenge: string;
  readonly nonce: string;
}

/** The unused, unexpired challenge the browser says it signed, if it is this member's and for this purpose. */
export async function liveChallenge(db: Db, challenge: string, userId: number | null, purpose: PasskeyPurpose, now: number): Promise<LiveChallenge | null> {
  const [row] = await db
    .select({ challenge: passkeyChallenges.challenge, nonce: passkeyChallenges.nonce })
    .from(passkeyChallenges)
    .where(and(
      eq(passkeyChallenges.challenge, challenge),
      forMember(userId),
      eq(passkeyChallenges.purpose, purpose),
      isNull(passkeyChallenges.usedAt),
      gt(passkeyChallenges.expiresAt, new Date(now)),
    ));
  return row ?? null;
}

/**
 * Uses a challenge up: one conditional UPDATE, so of two requests carrying the same signature exactly one finds it
 * unused. It must still approve this very payload (its digest) for this member and purpose, and be unexpired by the
 * server's clock. Run it in the transaction of what it approves: if that fails, the challenge is not spent.
 */
export async function consumeChallenge(db: Db, c: { challenge: string; userId: number | null; purpose: PasskeyPurpose; payload: Payload; now: number }): Promise<boolean> {
  const at = new Date(c.now);
  const used = await db
    .update(passkeyChallenges)
    .set({ usedAt: at })
    .where(and(
      eq(passkeyChallenges.challenge, c.challenge),
      forMember(c.userId),
      eq(passkeyChallenges.purpose, c.purpose),
      eq(passkeyChallenges.payloadDigest, payloadDigest(c.payload)),
      isNull(passkeyChallenges.usedAt),
      gt(passkeyChallenges.expiresAt, at),
    ))
    .returning({ challenge: passkeyChallenges.challenge });
  return used.length === 1;
}

/** The challenge a ceremony's clientDataJSON names (base64url JSON), or null when it is no such thing. */
export function statedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = typeof data === 'object' && data !== null ? (data as { challenge?: unknown }).challenge : undefined;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}


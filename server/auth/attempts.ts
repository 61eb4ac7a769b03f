import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';

/**
 * Attempt limits for guessable secrets, kept in PostgreSQL (rate_limits) so every server process shares them.
 * An attempt is counted by one atomic INSERT ... ON CONFLICT ... RETURNING *before* its secret is checked, so
 * 50 parallel guesses get at most `free` evaluations, not 48.
 *
 * Past the free allowance a bucket answers with an exponential delay: the next attempt is allowed only after
 * base, 2 x base, 4 x base ... (capped), and attempts refused meanwhile still count, so hammering earns the cap.
 * A bucket forgets everything `memoryMs` after its first attempt.
 */
export interface Limit {
  readonly bucket: string;
  readonly free: number;
  readonly memoryMs: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/** Counts one attempt in `limit`'s bucket; true when it may go on to check the secret. */
export async function countAttempt(db: Db, limit: Limit, now: number): Promise<boolean> {
  const { bucket, free, memoryMs, baseDelayMs, maxDelayMs } = limit;
  const forgotten = sql`r.window_start <= ${now - memoryMs}`;
  // Every SET expression reads the row as it was before this attempt (r.*).
  const [row] = await rows<{ allowed: boolean }>(
    db,
    sql`INSERT INTO rate_limits AS r (bucket, n, window_start, reset_at, allowed)
        VALUES (${bucket}, 1, ${now}, ${free <= 1 ? now + baseDelayMs : now}, true)
        ON CONFLICT (bucket) DO UPDATE SET
          n = CASE WHEN ${forgotten} THEN 1 ELSE r.n + 1 END,
          window_start = CASE WHEN ${forgotten} THEN ${now}::bigint ELSE r.window_start END,
          allowed = ${forgotten} OR r.n + 1 <= ${free} OR r.reset_at <= ${now},
          reset_at = CASE
            WHEN ${forgotten} THEN ${now}::bigint
            WHEN r.n + 1 < ${free} THEN r.reset_at
            WHEN r.n + 1 = ${free} OR r.reset_at <= ${now}
              THEN ${now}::bigint + LEAST(${maxDelayMs}::bigint, ${baseDelayMs}::bigint * power(2, LEAST(r.n + 1 - ${free}, 40))::bigint)
            ELSE r.reset_at END
        RETURNING allowed`,
  );
  return row?.allowed === true;
}

/**
 * Counts an attempt in each bucket in order and stops at the first that refuses it, so an attempt a source's
 * own bucket refuses never reaches the account-wide one: a stranger cannot spend a member's allowance.
 */
export async function countAttempts(db: Db, limits: readonly Limit[], now: number): Promise<boolean> {
  for (const limit of limits) if (!(await countAttempt(db, limit, now))) return false;
  return true;
}

/** After the right secret: forget a bucket (the member proved who they are). */
export async function clearAttempts(db: Db, buckets: readonly string[]): Promise<void> {
  for (const bucket of buckets) await db.execute(sql`DELETE FROM rate_limits WHERE bucket = ${bucket}`);
}

/** After the right secret: give an attempt back to a shared bucket (a busy office behind one address). */
export async function refundAttempt(db: Db, bucket: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET n = GREATEST(n - 1, 0) WHERE bucket = ${bucket}`);
}

/** Drops buckets nobody has tried for a day past their last delay (the session pruner runs it). */
export async function pruneAttempts(db: Db, now: number, idleMs = 24 * 3_600_000): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < ${now - idleMs} AND window_start < ${now - idleMs}`);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The server's policies; each names the buckets of one kind of attempt. */
export const limits = {
  /** Logins from one address, whatever the account: a password-spraying source slows down. */
  loginSource: (ip: string): Limit => ({ bucket: `login:src:${ip}`, free: 30, memoryMs: HOUR, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE }),
  /** One account from one address: the guesser's own bucket; the member elsewhere is not affected. */
  loginAccountSource: (name: string, ip: string): Limit => ({ bucket: `login:acct-src:${name}:${ip}`, free: 5, memoryMs: 24 * HOUR, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE }),
  /** One account from everywhere: slows the member down too, so only after many failures from many sources. */
  loginAccount: (name: string): Limit => ({ bucket: `login:acct:${name}`, free: 300, memoryMs: 24 * HOUR, baseDelayMs: 60_000, maxDelayMs: 15 * MINUTE }),
  /** The current login password asked again in a session (changing it, first transaction password). */
  passwordInSession: (userId: number): Limit => ({ bucket: `pwd:acct:${userId}`, free: 5, memoryMs: 24 * HOUR, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE }),
  /** New members from one address. */
  registerSource: (ip: string, perHour: number): Limit => ({ bucket: `register:src:${ip}`, free: perHour, memoryMs: HOUR, baseDelayMs: MINUTE, maxDelayMs: HOUR }),
};

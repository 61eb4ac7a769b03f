import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/core.ts';
import type { Deps } from '../deps.ts';
import { log } from '../log.ts';
import { Periodic } from '../periodic.ts';
import type { Service } from '../service.ts';
import { pruneAttempts } from './attempts.ts';

/**
 * How long an ended session is kept (its hash, member and times; nothing accepts it): a member who comes back
 * within this after their session went idle is told why they must sign in again (error.session_idle).
 */
export const ENDED_KEPT_MS = 90 * 86_400_000;

/** Deletes sessions that ended over ENDED_KEPT_MS ago (nothing accepts an ended one meanwhile), and idle attempt counters. */
export async function pruneExpired(db: Db, now: number): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now - ENDED_KEPT_MS))).returning({ h: sessions.tokenHash });
  await pruneAttempts(db, now);
  return gone.length;
}

export const PRUNE_EVERY_MS = 3_600_000;

/** Prunes at start and then hourly; stop() waits for a pass in flight so the database is not closed under it. */
export function startSessionPruner(deps: Deps, everyMs = PRUNE_EVERY_MS): Service {
  return new Periodic({
    name: 'session pruner',
    everyMs,
    atStart: true,
    pass: () => pruneExpired(deps.db, deps.clock.now()),
    failed: (err) => {
      log.error('session pruner: pass failed', { err });
      return 0;
    },
  }).start();
}

/** Ends one session: the token of this request. */
export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE token_hash = ${tokenHash}`);
}

import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/core.ts';
import type { Deps } from '../deps.ts';
import { log } from '../log.ts';
import { Periodic } from '../periodic.ts';
import type { Service } from '../service.ts';
import { pruneAttempts } from './attempts.ts';

/** Deletes sessions past their expiry (findSession already ignores them) and idle attempt counters. */
export async function pruneExpired(db: Db, now: number): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))).returning({ h: sessions.tokenHash });
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

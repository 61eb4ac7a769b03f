import { lt } from 'drizzle-orm';
import { sessions } from './db/schema/core.ts';
import type { Deps } from './deps.ts';
import { every } from './market/loop.ts';
import type { Service } from './services.ts';

const PRUNE_EVERY_MS = 60_000;

/** Deletes expired login sessions once a minute (they no longer authenticate anyway; this keeps the table small). */
export function runSessionPruning(deps: Deps): Service {
  return every('session-pruning', deps.clock, PRUNE_EVERY_MS, async () => {
    await deps.db.delete(sessions).where(lt(sessions.expiresAt, new Date(deps.clock.now())));
  });
}

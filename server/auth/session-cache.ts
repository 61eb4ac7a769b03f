// Whose a token was, remembered per database for a path whose one statement checks the session again itself
// (route option `sessionInStatement`): a hint that saves that path its session round trip, never a decision. The
// statement finds the session (hash, member, expiry against the server's time) or changes nothing, and the caller
// then forgets the hint (forgetSession) and answers unauthorized; a revoked or expired session on another
// instance is refused the same way.
import type { Db } from '../db/client.ts';
import { authenticate, type Authenticated } from './session-life.ts';
import { tokenHash, tokenOf, type AuthUser, type SessionLife } from './tokens.ts';

/** Past this many tokens the hints start over: a bound on memory, nothing else depends on it. */
const MAX_HINTS = 10_000;
/** A hint is asked again after this: a member's name the answer might carry stays close to the database's. */
const HINT_MS = 60_000;

interface Hint {
  readonly user: AuthUser;
  readonly until: number;
}

const hints = new WeakMap<Db, Map<string, Hint>>();

const hintsOf = (db: Db): Map<string, Hint> => {
  let map = hints.get(db);
  if (!map) {
    map = new Map();
    hints.set(db, map);
  }
  return map;
};

/**
 * The member a token was last found to be (authenticate when not known, which also records the session's use, so
 * a member who only places orders keeps the session alive too): to be confirmed by the caller's statement.
 */
export async function sessionHint(db: Db, header: string | undefined, now: number, life: SessionLife): Promise<Authenticated> {
  const token = tokenOf(header);
  if (token === null) return { user: null, refusal: 'error.unauthorized' };
  const map = hintsOf(db);
  const known = map.get(tokenHash(token));
  // `now` is the server's clock; the statement checks the expiry itself, this only bounds how old a hint gets.
  if (known && known.until > now) return { user: known.user, refusal: null };
  const found = await authenticate(db, header, now, life);
  if (!found.user) return found;
  if (map.size >= MAX_HINTS) map.clear();
  map.set(found.user.tokenHash, { user: found.user, until: now + HINT_MS });
  return found;
}

/** The statement did not find the session: the hint is wrong (revoked, expired), and is dropped. */
export function forgetSession(db: Db, hash: string): void {
  hints.get(db)?.delete(hash);
}

// Whose a token was, remembered per database for a path whose one statement checks the session again itself
// (route option `sessionInStatement`): a hint that saves that path its session round trip, never a decision. The
// statement finds the session (hash, member, expiry against the server's time) or changes nothing, and the caller
// then forgets the hint (forgetSession) and answers unauthorized; a revoked or expired session on another
// instance is refused the same way.
import type { Db } from '../db/client.ts';
import { findSession, tokenHash, type AuthUser } from './tokens.ts';

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

/** The member a token was last found to be (findSession when not known): to be confirmed by the caller's statement. */
export async function sessionHint(db: Db, header: string | undefined, now: number): Promise<AuthUser | null> {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  if (!token || token.length > 200) return null;
  const map = hintsOf(db);
  const known = map.get(tokenHash(token));
  // `now` is the server's clock; the statement checks the expiry itself, this only bounds how old a hint gets.
  if (known && known.until > now) return known.user;
  const user = await findSession(db, header, now);
  if (!user) return null;
  if (map.size >= MAX_HINTS) map.clear();
  map.set(user.tokenHash, { user, until: now + HINT_MS });
  return user;
}

/** The statement did not find the session: the hint is wrong (revoked, expired), and is dropped. */
export function forgetSession(db: Db, hash: string): void {
  hints.get(db)?.delete(hash);
}

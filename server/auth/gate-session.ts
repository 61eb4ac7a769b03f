import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { findSession, type AuthUser } from './tokens.ts';

const lookups = new WeakMap<Request, Promise<AuthUser | null>>();

/**
 * The member of the request's session, for the gates that run before a money path's handler (the PIN's and the
 * passkey's): a withdrawal passes both, and they share one lookup instead of reading the session twice. The
 * handler's own authentication (route()) still checks the session for itself.
 */
export function gateSession(c: Context, db: Db, now: number): Promise<AuthUser | null> {
  const known = lookups.get(c.req.raw);
  if (known) return known;
  const lookup = findSession(db, c.req.header('authorization'), now);
  lookups.set(c.req.raw, lookup);
  return lookup;
}

import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { route } from '../http/route.ts';
import { readLimits, setLimits } from './store.ts';

/** A member's limits on their own trading: read them and the day so far; change them (tighter at once, looser after 24 hours). */
export function limitsRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'user/limits', async ({ body, user, db, now }) => readLimits(db, user.id, now, body.timeZone));

  route(app, deps, 'user/limits_set', async ({ body, user, db, now }) => {
    await setLimits(db, user.id, body, now);
    return readLimits(db, user.id, now);
  });
}

import type { Hono } from 'hono';
import { endMyDevice, endMyOtherDevices, myDevices } from '../auth/devices.ts';
import type { Deps } from '../deps.ts';
import { route } from '../http/route.ts';

/** The member's signed-in devices; each path answers the list as it stands after it. */
export function sessionRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'user/sessions', async ({ user, db, now }) => ({ items: await myDevices(db, user, now) }));

  route(app, deps, 'user/session_revoke', async ({ body, user, db, now }) => {
    await endMyDevice(db, user, body.id, now);
    return { items: await myDevices(db, user, now) };
  });

  route(app, deps, 'user/session_revoke_others', async ({ user, db, now }) => {
    await endMyOtherDevices(db, user);
    return { items: await myDevices(db, user, now) };
  });
}

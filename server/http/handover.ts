import type { Hono } from 'hono';
import { HANDOVER_PATH } from '../../src/contract/handover.ts';

/** GET the handover path (src/contract/handover.ts): 204, nothing stored; no session, nothing of a member's. */
export function handoverRoute(app: Hono): void {
  app.get(HANDOVER_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.body(null, 204);
  });
}

import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { addMessage, conversation, markRead, sentSince, unreadCount } from '../support/messages.ts';

/** A member may send this many messages a minute: plenty for a person, a wall for a script. */
const SEND_LIMIT_PER_MINUTE = 20;

/** Support chat (`/kf`): the member's side. The operator answers with `npm run operator -- reply`. */
export function supportRoutes(app: Hono, deps: Deps) {
  route(app, deps, 'support/messages', async ({ body, user, db, now }) => {
    if (body.markRead) await markRead(db, user.id, 'support', now);
    const page = await conversation(db, user.id, body.since);
    return { ...page, unread: await unreadCount(db, user.id, 'support') };
  });

  route(app, deps, 'support/send', async ({ body, user, db, now }) => {
    if ((await sentSince(db, user.id, now - 60_000)) >= SEND_LIMIT_PER_MINUTE) throw new ApiError('error.rate_limited');
    return addMessage(db, user.id, 'member', body.body, now);
  });
}

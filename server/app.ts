import { Hono } from 'hono';
import type { Deps } from './deps.ts';
import { compressAnswers } from './http/compress.ts';
import { ApiError } from './http/errors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { log } from './log.ts';
import { authRoutes } from './routes/auth.ts';
import { batchRoutes } from './routes/batch.ts';
import { commonRoutes } from './routes/common.ts';
import { contactRoutes } from './routes/contact.ts';
import { earnRoutes } from './routes/earn.ts';
import { inviteRoutes } from './routes/invite.ts';
import { moneyRoutes } from './money/routes.ts';
import { orderRoutes } from './routes/orders.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { liveRoutes } from './routes/live.ts';
import { productRoutes } from './routes/products.ts';
import { supportRoutes } from './routes/support.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { limitsRoutes } from './limits/routes.ts';

/** The API as a Hono app: testable with `app.request()`, no socket needed. Each domain adds its routes here. */
export function createApp(deps: Deps): Hono {
  const app = new Hono();
  // Every path, the static app's included (start.ts mounts this app before serveApp).
  app.use('*', securityHeaders(deps.config.TRUST_PROXY));
  app.use('/api/*', async (c, next) => {
    await next();
    // Every answer carries the server time so the app can correct its clock.
    c.header('X-Server-Time', String(deps.clock.now()));
    // Only the public market reads say otherwise (public, max-age=1): nothing of a member's is ever kept.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store');
  });
  // Answers over about 1 KB go out brotli or gzip compressed (market lists, candles, records) on slow mobile data.
  app.use('/api/*', compressAnswers(1024));
  authRoutes(app, deps);
  commonRoutes(app, deps);
  batchRoutes(app, deps);
  earnRoutes(app, deps);
  inviteRoutes(app, deps);
  moneyRoutes(app, deps);
  supportRoutes(app, deps);
  contactRoutes(app, deps);
  productRoutes(app, deps);
  liveRoutes(app, deps);
  orderRoutes(app, deps);
  sessionRoutes(app, deps);
  passkeyRoutes(app, deps);
  limitsRoutes(app, deps);

  app.all('/api/*', (c) => c.json(new ApiError('error.not_found').body(), 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body(), err.status as 400);
    // Structured and redacted: a failed query's parameters (card numbers, names, addresses) never reach the log.
    log.error('api: unexpected error', { path: c.req.path, err }, { requestId: c.get('requestId') });
    return c.json(new ApiError('error.internal').body(), 500);
  });
  return app;
}

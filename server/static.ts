import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

/** Serves the built app, with index.html for every non-API path so history-mode routes load by direct link. */
export function serveApp(app: Hono, staticDir: string) {
  const root = resolve(staticDir);
  const indexFile = join(root, 'index.html');
  app.use('/assets/*', serveStatic({ root, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }));
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { allowInlineStylesOf } from './http/security-headers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// The entry page, the service worker and the manifest must be checked on every visit, or an update never lands.
const REVALIDATE = 'no-cache';

/** The precompressed copy (.br, then .gz) of a file that the request accepts, else the file itself. */
function pickEncoding(c: Context, path: string): { path: string; encoding: string | null } {
  const accepted = new Set((c.req.header('Accept-Encoding') ?? '').split(',').map((e) => e.trim()));
  for (const [encoding, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (accepted.has(encoding) && existsSync(path + ext)) return { path: path + ext, encoding };
  }
  return { path, encoding: null };
}

/** The static file server with our cache policy; Vary on every file, as the encoding depends on the request. */
function filesFrom(root: string, cacheControl: string): MiddlewareHandler {
  const serve = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    const res = await serve(c, next);
    if (res instanceof Response) {
      res.headers.set('Cache-Control', cacheControl);
      if (!/accept-encoding/i.test(res.headers.get('Vary') ?? '')) res.headers.append('Vary', 'Accept-Encoding');
    }
    return res;
  };
}

/** Serves index.html (precompressed when the build wrote copies) and allows its inline shell style in the CSP. */
function serveIndex(c: Context, indexFile: string) {
  c.header('Cache-Control', REVALIDATE);
  c.header('Vary', 'Accept-Encoding');
  const html = readFileSync(indexFile, 'utf8');
  allowInlineStylesOf(html);
  const picked = pickEncoding(c, indexFile);
  if (picked.encoding) c.header('Content-Encoding', picked.encoding);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  return c.body(readFileSync(picked.path));
}

/**
 * Serves the built app, with index.html for every non-API path so history-mode routes load by direct link.
 * Every file goes out as the build's brotli or gzip copy when the browser accepts one (vite.config.ts writes
 * them); hashed files under /assets are cached for a year, everything else is revalidated.
 */
export function serveApp(app: Hono, staticDir: string, webName = 'Candlewick') {
  const root = resolve(staticDir);
  const indexFile = join(root, 'index.html');
  app.use('/assets/*', filesFrom(root, IMMUTABLE));
  app.get('/manifest.webmanifest', (c) => {
    const file = join(root, 'manifest.webmanifest');
    if (!existsSync(file)) return c.notFound();
    // The installed app carries the operator's name (WEB_NAME), not the build's default.
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    c.header('Cache-Control', REVALIDATE);
    c.header('Content-Type', 'application/manifest+json');
    return c.body(JSON.stringify({ ...manifest, name: webName, short_name: webName }));
  });
  const revalidated = filesFrom(root, REVALIDATE);
  app.use('*', async (c, next) => {
    // index.html by any of its names goes through serveIndex (no-cache, CSP hash), never the plain file server.
    if (c.req.path === '/' || c.req.path === '/index.html') return next();
    return revalidated(c, next);
  });
  app.get('*', (c) => {
    if (!existsSync(indexFile)) return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    return serveIndex(c, indexFile);
  });
}

import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { normalizeIp } from '../config.ts';

/**
 * The app's Content-Security-Policy. Scripts only from our own origin (the build has no inline script, and
 * none may be added). Style elements only from our origin or by hash: index.html's inline shell style is
 * allowed by its SHA-256 (allowInlineStylesOf), nothing else inline. Style attributes stay allowed because React
 * and the chart library set element styles; `style-src` keeps 'unsafe-inline' only for browsers that do not know
 * style-src-elem (those that do ignore it). Images may be data: or blob: URLs (ID photo previews); nothing may
 * frame the app.
 */
export function contentSecurityPolicy(styleHashes: Iterable<string> = inlineStyleHashes): string {
  const hashes = [...styleHashes].map((h) => ` 'sha256-${h}'`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `style-src-elem 'self'${hashes}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Hashes of the inline <style> blocks of the served index.html (a rebuilt page adds its own). */
const inlineStyleHashes = new Set<string>();

/** Allows the inline <style> blocks of a page the server serves (index.html's shell) by their SHA-256. */
export function allowInlineStylesOf(html: string): void {
  for (const m of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
    inlineStyleHashes.add(createHash('sha256').update(m[1] ?? '', 'utf8').digest('base64'));
  }
}

const PERMISSIONS = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/** Served over TLS: the URL says https, or a TRUST_PROXY proxy terminated TLS and says so. */
function overTls(c: Context, trustedProxies: readonly string[]): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } } } | undefined;
  if (env?.incoming?.socket?.encrypted) return true;
  const peer = normalizeIp(env?.incoming?.socket?.remoteAddress ?? 'local');
  return trustedProxies.includes(peer) && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/**
 * Security headers on every answer (pages, assets, API), and no source maps: a *.map request is answered 404
 * before the static folder is looked at, whether or not the build wrote maps.
 */
export function securityHeaders(trustedProxies: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.endsWith('.map')) return c.text('Not found', 404, securityHeaderValues(overTls(c, trustedProxies)));
    await next();
    const values = c.req.path.startsWith('/api/') ? apiHeaderValues : securityHeaderValues;
    for (const [name, value] of Object.entries(values(overTls(c, trustedProxies)))) c.res.headers.set(name, value);
  };
}

// Only over TLS: a browser that got HSTS over plain HTTP would ignore it anyway, and a local demo must stay reachable.
const HSTS = { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' };

/**
 * An API answer is data, never a document: it has nothing to load, embed or refer on, so the document headers
 * (a CSP, X-Frame-Options, Referrer-Policy, Permissions-Policy, COOP) say nothing for it. nosniff stays, so no
 * browser ever takes JSON for a page or a script. On a poll or stream every second those headers were most of
 * what a member paid for.
 */
function apiHeaderValues(tls: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    ...(tls ? HSTS : {}),
  };
}

function securityHeaderValues(tls: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': PERMISSIONS,
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(tls ? HSTS : {}),
  };
}

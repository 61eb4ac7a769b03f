import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { serveApp } from '../static.ts';
import { useTestServer } from '../testing/harness.ts';

/** The app as start.ts assembles it: the API app first, then the static folder, with a built page and a map. */
const s = useTestServer({ TRUST_PROXY: ['local'] });
const dist = mkdtempSync(join(tmpdir(), 'cw-headers-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index.js"></script>');
writeFileSync(join(dist, 'assets', 'index.js'), 'console.log(1)');
writeFileSync(join(dist, 'assets', 'index.js.map'), '{"sources":["secret.ts"]}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function site(): Hono {
  const root = new Hono();
  root.route('/', createApp(s.deps));
  serveApp(root, dist);
  return root;
}

const expectSecurityHeaders = (res: Response, what: string) => {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(/script-src[^;]*unsafe-inline/.test(csp), what).toBe(false);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(res.headers.get('permissions-policy'), what).toContain('camera=()');
};

describe('security headers (once there were none)', () => {
  it('on the page and an asset', async () => {
    const app = site();
    for (const [what, res] of [
      ['page', await app.request('/market')],
      ['asset', await app.request('/assets/index.js')],
    ] as const) {
      expectSecurityHeaders(res, what);
      // Plain HTTP here: no HSTS, or a local demo could become unreachable.
      expect(res.headers.get('strict-transport-security'), what).toBeNull();
    }
  });

  it("on an API answer and an API error: nosniff, without the page's headers (JSON is no document)", async () => {
    const app = site();
    for (const [what, res] of [
      ['api', await app.request('/api/common/config', { method: 'POST', body: '{}' })],
      ['api error', await app.request('/api/user/details', { method: 'POST', body: '{}' })],
      ['api not found', await app.request('/api/nothing/here', { method: 'POST', body: '{}' })],
    ] as const) {
      expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), what).toBeNull();
      expect(res.headers.get('x-frame-options'), what).toBeNull();
      expect(res.headers.get('referrer-policy'), what).toBeNull();
      expect(res.headers.get('permissions-policy'), what).toBeNull();
      expect(res.headers.get('strict-transport-security'), what).toBeNull();
    }
    expect((await app.request('https://candlewick.example/api/common/config', { method: 'POST', body: '{}' })).headers.get('strict-transport-security')).toMatch(/^max-age=/);
  });

  it('HSTS only over TLS: an https URL, or a trusted proxy that says https', async () => {
    const app = site();
    expect((await app.request('https://candlewick.example/market')).headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    expect((await app.request('/market', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toMatch(/^max-age=/);
    expect((await app.request('/market', { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
  });

  it('source maps are not served, though the build wrote one', async () => {
    const res = await site().request('/assets/index.js.map');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret.ts');
    expectSecurityHeaders(res, 'map');
  });
});

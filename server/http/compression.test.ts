import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { serveApp } from '../static.ts';
import { useTestServer } from '../testing/harness.ts';
import { chooseEncoding } from './compress.ts';

/** The site as start.ts assembles it, over a built folder with precompressed copies like vite.config.ts writes. */
const s = useTestServer();
const dist = mkdtempSync(join(tmpdir(), 'cw-compress-'));
const SHELL_CSS = ':root{--sh-bg:#0f141a}.shell{min-height:100dvh}';
const INDEX = `<!doctype html><style>${SHELL_CSS}</style><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>`;
const JS = 'console.log("a fairly long line of code");\n'.repeat(100);
mkdirSync(join(dist, 'assets'));
for (const [name, text] of [['index.html', INDEX], ['assets/index-abc123.js', JS], ['sw.js', 'self.addEventListener("fetch",()=>{})']] as const) {
  writeFileSync(join(dist, name), text);
  writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
}
writeFileSync(join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Candlewick', short_name: 'Candlewick', start_url: '/' }));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function site(): Hono {
  const root = new Hono();
  root.route('/', createApp(s.deps));
  serveApp(root, dist, 'Operator Markets');
  return root;
}
const get = (path: string, encoding?: string) => site().request(path, { headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('precompressed static files', () => {
  it('a hashed asset: brotli when accepted, else gzip, else plain; Vary and a year of immutable cache each time', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['identity', null, (b: Buffer) => b],
    ] as const) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control'), accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type'), accept).toMatch(/javascript/);
      expect(decode(await bytes(res)).toString(), accept).toBe(JS);
    }
  });

  it('index.html, by any path: no-cache, compressed, and its inline shell style allowed by hash in the CSP', async () => {
    const hash = createHash('sha256').update(SHELL_CSS).digest('base64');
    for (const path of ['/', '/index.html', '/hq', '/xq?id=12']) {
      const res = await get(path, 'br');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('content-encoding'), path).toBe('br');
      // No Link header: preloads it named would start during the navigation's commit (scripts/boot-plugin.ts).
      expect(res.headers.get('link'), path).toBeNull();
      expect(brotliDecompressSync(await bytes(res)).toString(), path).toBe(INDEX);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain(`style-src-elem 'self' 'sha256-${hash}'`);
      expect(/script-src[^;]*(unsafe-inline|sha256)/.test(csp), path).toBe(false);
    }
  });

  it('the service worker is revalidated, a real favicon is served, and the manifest carries WEB_NAME', async () => {
    expect((await get('/sw.js', 'gzip')).headers.get('cache-control')).toBe('no-cache');
    const icon = await get('/favicon.ico');
    expect(icon.headers.get('content-type')).not.toMatch(/html/);
    expect([...(await bytes(icon))]).toEqual([0, 0, 1, 0]);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toMatchObject({ name: 'Operator Markets', short_name: 'Operator Markets', start_url: '/' });
  });
});

describe('API answers compressed on the fly', () => {
  const call = (path: string, encoding: string, token?: string) =>
    site().request(`/api/${path}`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json', 'Accept-Encoding': encoding, Authorization: token ?? '' } });

  it('an answer over 1 KB goes out brotli or gzip with Vary, and keeps its security and cache headers', async () => {
    const { token } = await s.member();
    const plain = await call('product/list', 'identity', token);
    const text = (await bytes(plain)).toString();
    expect(text.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await call('product/list', accept, token);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      // A public market read: a second in any cache, the same for everyone.
      expect(res.headers.get('cache-control')).toBe('public, max-age=1');
      expect(res.headers.get('x-server-time')).toMatch(/^\d+$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const body = await bytes(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect(body.length).toBeLessThan(text.length);
      expect(JSON.parse(decode(body).toString())).toMatchObject({ code: 0 });
    }
  });

  it('a small answer is sent as it is', async () => {
    const res = await call('user/details', 'br');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toMatchObject({ code: expect.any(Number) });
    // A member's own small answer: its declared size is its size, with Vary and every header the others carry.
    const { token } = await s.member();
    const mine = await call('user/details', 'br', token);
    const body = await bytes(mine);
    expect([mine.status, mine.headers.get('content-encoding'), Number(mine.headers.get('content-length'))]).toEqual([200, null, body.length]);
    expect(body.length).toBeLessThan(1024);
    expect(mine.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('x-server-time')).toMatch(/^\d+$/);
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('server-timing')).toMatch(/^app;dur=\d+$/);
    expect(JSON.parse(body.toString())).toMatchObject({ code: 0 });
  });

  it('reads Accept-Encoding weights', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

// Cold start on a cheap phone (issue 20): Lighthouse 12's mobile profile (simulated Slow 4G, 4x CPU) on /, /hq,
// /xq?id=12 and /orderrecord, logged in as the demo member, with a cold HTTP cache and no service worker.
// The app is built into the bench's own folder (a teammate's `vite build` into dist/ cannot change what is
// measured) and served by the real server on a fresh PGlite data directory.
// Baseline in the BENCH lines: the figures measured on main before issue 20 (the table in the issue). For a
// same-conditions baseline, start an older build's server and point LIGHTHOUSE_URL at it (see site() below).
// Lighthouse is heavy on two shared cores: one run per screen (LIGHTHOUSE_RUNS to take more; the median is kept).
// Served as members get it: over HTTPS, so HTTP/2 (a throwaway self-signed certificate, made with openssl, which
// this Chromium is told to accept). LIGHTHOUSE_HTTP1=1 measures plain HTTP/1.1 instead, as the table was.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request } from 'playwright';
import { loadConfig } from '../server/config.ts';
import { DEMO } from '../server/seed.ts';
import { startServer } from '../server/start.ts';
import { spread } from './stats.ts';
import { selfSignedCertificate } from './tls.ts';

const CHROME = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
// SCREENS=/hq,/xq?id=12 measures only those (while iterating); all four by default.
const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 1);
const HTTP1 = process.env['LIGHTHOUSE_HTTP1'] === '1';

interface Figures {
  readonly score: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly kib: number;
}

/** The table, measured on main before this work with the same profile. */
const BASELINE: Readonly<Record<string, Figures>> = {
  '/': { score: 75, fcpMs: 4100, lcpMs: 4400, tbtMs: 50, kib: 481 },
  '/hq': { score: 76, fcpMs: 4000, lcpMs: 4300, tbtMs: 60, kib: 471 },
  '/xq?id=12': { score: 70, fcpMs: 4200, lcpMs: 5300, tbtMs: 40, kib: 695 },
  '/orderrecord': { score: 77, fcpMs: 3900, lcpMs: 4100, tbtMs: 60, kib: 472 },
};
const SCREENS = process.env['SCREENS']?.split(',') ?? Object.keys(BASELINE);
const nameOf = (path: string) => (path === '/' ? 'home' : (/^\/(\w+)/.exec(path)?.[1] ?? path));

const workDir = mkdtempSync(join(tmpdir(), 'candlewick-lighthouse-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));

/** LIGHTHOUSE_URL=<url of a running server with the demo member>: measure that instead (e.g. an older build). */
async function site(): Promise<{ base: string; stop: () => Promise<void> }> {
  const given = process.env['LIGHTHOUSE_URL'];
  if (given) return { base: given, stop: () => Promise.resolve() };
  const siteDir = join(workDir, 'site');
  const built = spawnSync('npx', ['--no-install', 'vite', 'build', '--outDir', siteDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
  const tls = HTTP1 ? {} : selfSignedCertificate(workDir);
  const running = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(workDir, 'data'), STATIC_DIR: siteDir, ...tls }));
  return { base: running.url.replace('localhost', '127.0.0.1'), stop: () => running.stop() };
}

const { base, stop } = await site();

async function login(): Promise<string> {
  const api = await request.newContext({ ignoreHTTPSErrors: true });
  const res = await api.post(new URL('api/user/login', base).toString(), { data: { username: DEMO.username, password: DEMO.password } });
  const json = (await res.json()) as { code: number; msg: string; data?: { accessToken?: string } };
  await api.dispose();
  if (json.code !== 0 || !json.data?.accessToken) throw new Error(`demo login failed: ${json.msg}`);
  return json.data.accessToken;
}

/**
 * A fresh profile that is logged in and has nothing else: one short visit to a file that is not the app (no
 * service worker, no app code) stores the token, then the HTTP cache is cleared. Lighthouse then runs with
 * --disable-storage-reset so it keeps the token (and clears nothing else, there being nothing).
 */
async function loggedInProfile(token: string): Promise<string> {
  const dir = mkdtempSync(join(workDir, 'profile-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROME, headless: true, serviceWorkers: 'block', ignoreHTTPSErrors: true, args: ['--disable-gpu'] });
  const page = await context.newPage();
  await page.goto(new URL('favicon.ico', base).toString());
  await page.evaluate(`localStorage.setItem('accessToken', ${JSON.stringify(token)})`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.close();
  return dir;
}

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * Chromium on the logged-in profile, for Lighthouse to drive over --port (Lighthouse's own launcher would
 * replace the profile with a temporary one).
 */
async function chromiumOn(profile: string): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(CHROME, ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--ignore-certificate-errors', `--user-data-dir=${profile}`, `--remote-debugging-port=${port}`, 'about:blank'], {
    stdio: 'ignore',
  });
  const stop = () => void child.kill('SIGTERM');
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.ok, () => false);
    if (up) return { port, stop };
    await new Promise((ok) => setTimeout(ok, 100));
  }
  stop();
  throw new Error('Chromium did not open its DevTools port');
}

async function lighthouse(path: string, profile: string): Promise<Figures> {
  // LIGHTHOUSE_KEEP=<folder>: keep the full reports there to look into.
  const out = join(process.env['LIGHTHOUSE_KEEP'] ?? workDir, `${nameOf(path)}-${Date.now()}.json`);
  const chrome = await chromiumOn(profile);
  // Not spawnSync: the server runs in this process and must keep answering while Lighthouse loads the page.
  const status = await new Promise<number | null>((ok) => {
    const child = spawn(
      'npx',
      [
        '--no-install', 'lighthouse', new URL(path, base).toString(), `--port=${chrome.port}`, '--only-categories=performance', '--disable-storage-reset', '--output=json', `--output-path=${out}`, '--quiet',
        // LIGHTHOUSE_FLAGS="--save-assets" (with LANTERN_DEBUG=1: Lantern's simulated timelines too), to look into.
        ...(process.env['LIGHTHOUSE_FLAGS']?.split(' ').filter(Boolean) ?? []),
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('exit', (code) => ok(code));
  }).finally(() => chrome.stop());
  if (status !== 0) throw new Error(`lighthouse ${path} failed (${status})`);
  const lhr = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { message: string };
  };
  if (lhr.runtimeError) throw new Error(`lighthouse ${path}: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    kib: value('total-byte-weight') / 1024,
  };
}

/** Lighthouse now and then fails to record the trace (NO_NAVSTART): that run is taken again, twice at most. */
async function lighthouseRetrying(path: string, profile: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(path, profile);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`lighthouse: ${path} failed (${String(error)}), again`);
    }
  }
}

const results = new Map<string, Figures>();
try {
  const token = await login();
  console.log(`lighthouse: ${SCREENS.length} screens x ${RUNS} run(s), mobile profile, cold cache, ${HTTP1 ? 'HTTP/1.1' : 'HTTPS + HTTP/2'}, logged in as ${DEMO.username}; load ${loadavg()[0]?.toFixed(2)}`);
  for (const path of SCREENS) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const profile = await loggedInProfile(token);
      console.log(`lighthouse: ${path} run ${i + 1} (load ${loadavg()[0]?.toFixed(2)})`);
      const run = await lighthouseRetrying(path, profile);
      console.log(`lighthouse: ${path} run ${i + 1}: performance ${run.score}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms`);
      runs.push(run);
    }
    const pick = (k: keyof Figures) => spread(runs.map((r) => r[k])).median;
    results.set(path, { score: pick('score'), fcpMs: pick('fcpMs'), lcpMs: pick('lcpMs'), tbtMs: pick('tbtMs'), kib: pick('kib') });
  }
} finally {
  await stop();
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log('\n| screen | performance | FCP | LCP | TBT | bytes | (before: performance, FCP, LCP, TBT, bytes)');
for (const [path, f] of results) {
  const b = BASELINE[path];
  if (!b) continue;
  console.log(
    `| ${path} | ${f.score} | ${s(f.fcpMs)} | ${s(f.lcpMs)} | ${Math.round(f.tbtMs)} ms | ${Math.round(f.kib)} KiB | (${b.score}, ${s(b.fcpMs)}, ${s(b.lcpMs)}, ${b.tbtMs} ms, ${b.kib} KiB)`,
  );
}
console.log(`targets: performance >= 95, LCP <= 2.0 s, TBT <= 150 ms; load ${loadavg()[0]?.toFixed(2)}`);
for (const [path, f] of results) {
  const b = BASELINE[path];
  if (!b) continue;
  console.log(`BENCH lighthouse-${nameOf(path)}: ours ${Math.round(f.lcpMs)} ms, baseline ${b.lcpMs} ms, ratio ${(b.lcpMs / f.lcpMs).toFixed(2)}`);
}

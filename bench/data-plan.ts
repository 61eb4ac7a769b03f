// What each screen costs a member on metered data: requests and kilobytes per minute, HTTP headers
// included, counted on the browser context (it sees the worker's requests too) in Chromium against the real
// server (the main-thread bench's fixture: the demo with 1,000 open orders, a member with 10,000). Screens:
// /, /hq, /xq?id=<BTCUSDT>, /orderrecord with 10,000 open orders, a closed market's /xq, and a hidden tab.
// Baseline: the figures measured on main before the data-saving work (/orderrecord and the closed
// market had none, so their targets stand in). DATA_PLAN_SECONDS sets the window (60).
// Served over HTTPS with HTTP/2 (a throwaway certificate), as members get the app, and again over plain HTTP/1.1
// (DATA_PLAN_PROTOCOLS=h2,h1), each counted by a TCP relay in front of the server: every byte on the wire, TLS
// records, compressed headers and the live stream's frames included. The split by path is Chromium's own count of
// finished requests (headers as text, so not the live stream, which never finishes), a guide to where the bytes go;
// the totals are the relay's. /xq is measured a second time with the live stream refused in the browser, so its
// app polls as it did before the stream: that is /xq's baseline, in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Request } from 'playwright';
import { buildSite } from './main-thread/build.ts';
import { startBenchServer, type BenchMember, type BenchServer } from './main-thread/fixture.ts';
import { countingRelay, selfSignedCertificate, type CountingRelay } from './tls.ts';
import { benchLine } from './stats.ts';

const SECONDS = Number(process.env['DATA_PLAN_SECONDS'] ?? 60);
/** After the screen has loaded: its first calls are the cold start, not the per-minute cost. */
const SETTLE_MS = 5_000;

interface Screen {
  readonly name: string;
  path(server: BenchServer, closedId: number): string;
  readonly member: BenchMember;
  /** KB per minute before the data-saving work (or the target where nothing was measured). */
  readonly baselineKb: number;
  readonly targetKb: number;
  readonly targetRequests?: number;
  readonly hidden?: boolean;
  /** The browser refuses GET product/live: the app polls instead (the baseline of the live stream). */
  readonly refuseStream?: boolean;
}

type Protocol = 'h2' | 'h1';
/** The live-stream targets: /xq 12 KB a minute over HTTP/2 and 20 KB over HTTP/1.1; / and /hq 10 KB on both. */
const TARGET_KB: Readonly<Record<Protocol, Readonly<Record<string, number>>>> = {
  h2: { home: 10, hq: 10, xq: 12, 'xq-closed': 3 },
  h1: { home: 10, hq: 10, xq: 20, 'xq-closed': 3 },
};

const ONLY = process.env['DATA_PLAN_SCREENS']?.split(',');
const SCREENS: readonly Screen[] = [
  { name: 'home', path: () => '/', member: 'demo', baselineKb: 69.0, targetKb: 10 },
  { name: 'hq', path: () => '/hq', member: 'demo', baselineKb: 72.5, targetKb: 10 },
  { name: 'xq', path: (s) => `/xq?id=${s.ordersProductId}`, member: 'demo', baselineKb: 144.9, targetKb: 20, targetRequests: 70 },
  { name: 'orderrecord-10k', path: () => '/orderrecord', member: 'many', baselineKb: 5, targetKb: 5 },
  { name: 'xq-closed', path: (_s, closed) => `/xq?id=${closed}`, member: 'none', baselineKb: 3, targetKb: 3 },
  { name: 'hidden', path: (s) => `/xq?id=${s.ordersProductId}`, member: 'demo', baselineKb: 0, targetKb: 0, targetRequests: 0, hidden: true },
  { name: 'xq-poll', path: (s) => `/xq?id=${s.ordersProductId}`, member: 'demo', baselineKb: 144.9, targetKb: 20, refuseStream: true },
];
const PROTOCOLS = (process.env['DATA_PLAN_PROTOCOLS'] ?? 'h2,h1').split(',').filter((p): p is Protocol => p === 'h2' || p === 'h1');

interface Cost {
  readonly requests: number;
  readonly bytes: number;
}

async function closedProductId(server: BenchServer): Promise<number> {
  const res = await fetch(new URL('api/product/list', server.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  const { data } = (await res.json()) as { data: { items: { id: number; category: string; open: boolean }[] } };
  // New York and Hong Kong never trade at the same time: at any hour one stock market is shut.
  const closed = data.items.find((p) => p.category === 'stocks' && !p.open);
  if (!closed) throw new Error('no stock market is closed now');
  return closed.id;
}

async function measure(browser: Browser, server: BenchServer, relay: CountingRelay, screen: Screen, closedId: number, protocol: Protocol): Promise<Cost> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, serviceWorkers: 'block', ignoreHTTPSErrors: true });
  const base = `${protocol === 'h2' ? 'https' : 'http'}://127.0.0.1:${relay.port}/`;
  try {
    const page = await context.newPage();
    await page.goto(new URL('/favicon.ico', base).toString());
    await page.evaluate(`localStorage.setItem('accessToken', ${JSON.stringify(server.tokens[screen.member])})`);
    if (screen.refuseStream) await context.route('**/api/product/live*', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":404,"msg":"error.not_found"}' }));
    await page.goto(new URL(screen.path(server, closedId), base).toString());
    await page.waitForLoadState('load');
    await page.waitForTimeout(SETTLE_MS);
    if (screen.hidden) {
      // As a phone does when the member switches apps: the page says it is hidden (the app tells the worker).
      await page.evaluate(`Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }); Object.defineProperty(document, 'hidden', { configurable: true, get: () => true }); document.dispatchEvent(new Event('visibilitychange'))`);
      await page.waitForTimeout(SETTLE_MS);
    }
    const counted: Promise<{ readonly path: string; readonly bytes: number; readonly headers: number }>[] = [];
    const onFinished = (request: Request): void => {
      const path = new URL(request.url()).pathname;
      counted.push(
        request.sizes().then(
          (s) => ({ path, bytes: s.requestHeadersSize + s.requestBodySize + s.responseHeadersSize + s.responseBodySize, headers: s.requestHeadersSize + s.responseHeadersSize }),
          () => ({ path, bytes: 0, headers: 0 }),
        ),
      );
    };
    context.on('requestfinished', onFinished);
    relay.reset();
    await page.waitForTimeout(SECONDS * 1000);
    const wire = relay.bytes();
    const sent = relay.sent();
    context.off('requestfinished', onFinished);
    const sizes = await Promise.all(counted);
    const perMinute = 60 / SECONDS;
    // Where it goes, by path: what the next change should look at.
    const byPath = new Map<string, { n: number; bytes: number; headers: number }>();
    for (const { path, bytes, headers } of sizes) {
      const held = byPath.get(path) ?? { n: 0, bytes: 0, headers: 0 };
      byPath.set(path, { n: held.n + 1, bytes: held.bytes + bytes, headers: held.headers + headers });
    }
    for (const [path, c] of [...byPath].sort((a, b) => b[1].bytes - a[1].bytes)) {
      console.log(`  ${protocol} ${screen.name} ${path}: ${(c.n * perMinute).toFixed(0)} requests, ${((c.bytes * perMinute) / 1024).toFixed(1)} KB (headers ${((c.headers * perMinute) / 1024).toFixed(1)} KB) per minute by Chromium's count`);
    }
    console.log(`  ${protocol} ${screen.name}: on the wire ${((wire * perMinute) / 1024).toFixed(1)} KB per minute, of which sent ${((sent * perMinute) / 1024).toFixed(1)} KB; ${sizes.length ? Math.round(wire / sizes.length) : 0} B per request`);
    return { requests: sizes.length * perMinute, bytes: wire * perMinute };
  } finally {
    await context.close();
  }
}

// The fixture's own calls (register, login) go to this run's throwaway certificate, which nothing else trusts.
process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
const workDir = mkdtempSync(join(tmpdir(), 'candlewick-data-plan-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));
const siteDir = process.env['MAIN_THREAD_SITE'] ?? join(workDir, 'site');
if (!process.env['MAIN_THREAD_SITE']) buildSite(siteDir);
const results = new Map<string, Cost>();
const key = (protocol: Protocol, name: string): string => `${protocol}:${name}`;
for (const protocol of PROTOCOLS) {
  const server = await startBenchServer(join(workDir, protocol), siteDir, protocol === 'h2' ? selfSignedCertificate(workDir) : {});
  const relay = await countingRelay(Number(new URL(server.url).port));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const closedId = await closedProductId(server);
    console.log(`data-plan ${protocol}: ${SCREENS.length} screens, ${SECONDS} s each, load ${loadavg()[0]?.toFixed(2)}`);
    for (const screen of SCREENS) {
      if (ONLY && !ONLY.includes(screen.name)) continue;
      const cost = await measure(browser, server, relay, screen, closedId, protocol);
      results.set(key(protocol, screen.name), cost);
      console.log(`data-plan ${protocol}: ${screen.name} ${(cost.bytes / 1024).toFixed(1)} KB and ${cost.requests.toFixed(0)} requests per minute`);
    }
  } finally {
    await browser.close();
    await relay.close();
    await server.stop();
  }
}
console.log(`targets, load ${loadavg()[0]?.toFixed(2)}:`);
for (const protocol of PROTOCOLS) {
  for (const screen of SCREENS) {
    const cost = results.get(key(protocol, screen.name));
    if (!cost) continue;
    const kb = cost.bytes / 1024;
    const target = TARGET_KB[protocol][screen.name] ?? screen.targetKb;
    const met = kb <= target && (screen.targetRequests === undefined || cost.requests <= screen.targetRequests);
    console.log(`  ${protocol} ${screen.name}: ${kb.toFixed(1)} KB/min (<= ${target}), ${cost.requests.toFixed(0)} requests/min${screen.targetRequests === undefined ? '' : ` (<= ${screen.targetRequests})`} -> ${met ? 'met' : 'not met'}`);
  }
}
for (const protocol of PROTOCOLS) {
  const suffix = protocol === 'h2' ? '' : '-h1';
  for (const screen of SCREENS) {
    const cost = results.get(key(protocol, screen.name));
    if (!cost || screen.refuseStream) continue;
    // A hidden tab's figure is requests (its target is none at all), beside the same screen's when visible.
    const visible = results.get(key(protocol, 'xq'))?.requests ?? Number.NaN;
    if (screen.hidden) {
      console.log(`BENCH data-plan-${screen.name}${suffix}: ours ${cost.requests} requests/min, baseline ${visible} requests/min, ratio ${visible / cost.requests}`);
      continue;
    }
    // /xq against its own poll in the same run; the others against the figures measured before polls sent only changes.
    const polled = screen.name === 'xq' ? results.get(key(protocol, 'xq-poll')) : undefined;
    console.log(benchLine(`data-plan-${screen.name}${suffix}`, cost.bytes / 1024, polled ? polled.bytes / 1024 : screen.baselineKb, 'KB/min'));
  }
}

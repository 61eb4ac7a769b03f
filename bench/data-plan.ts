// What each screen costs a member on metered data: requests and kilobytes per minute, HTTP headers
// included, counted on the browser context (it sees the worker's requests too) in Chromium against the real
// server (the main-thread bench's fixture: the demo with 1,000 open orders, a member with 10,000). Screens:
// /, /hq, /xq?id=<BTCUSDT>, /orderrecord with 10,000 open orders, a closed market's /xq, and a hidden tab.
// Baseline, measured in the same run by the same relay over the same protocol: the app as it was before the
// data-saving work (DATA_PLAN_BASELINE, default 4248d2e: the parent of 8117543, where the worker's market reads
// became GETs with ETags), built from its commit and served by a second fixture server beside ours; each screen is
// measured on both, the two taking turns. A baseline whose API calls are not all answered (a path or a shape
// today's server no longer takes) stops the bench: its bytes would not be the old app's. Two lines have their own
// baseline: /xq's live stream against the same build with the stream refused in the browser (its app then polls
// as it did before the stream), and the hidden tab against the same screen visible. DATA_PLAN_SECONDS sets the
// window (60).
// Served over HTTPS with HTTP/2 (a throwaway certificate), as members get the app, and again over plain HTTP/1.1
// (DATA_PLAN_PROTOCOLS=h2,h1), each counted by a TCP relay in front of the server: every byte on the wire, TLS
// records, compressed headers and the live stream's frames included. The split by path is Chromium's own count of
// finished requests (headers as text, so not the live stream, which never finishes), a guide to where the bytes go;
// the totals are the relay's.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Request, type Response } from 'playwright';
import { startBenchServer, type BenchMember, type BenchServer } from './main-thread/fixture.ts';
import { buildApp, buildCommit } from './older-build.ts';
import { countingRelay, selfSignedCertificate, type CountingRelay } from './tls.ts';
import { benchLine } from './stats.ts';

const SECONDS = Number(process.env['DATA_PLAN_SECONDS'] ?? 60);
/** After the screen has loaded: its first calls are the cold start, not the per-minute cost. */
const SETTLE_MS = 5_000;
/**
 * The window also waits for this long without a request for anything but the API: a chunk the app prefetches
 * once, a few quiet seconds after the page settles (/xq's order ticket), is cold start too, and would otherwise
 * land in one side's window and not the other's, by timing alone.
 */
const ASSETS_QUIET_MS = 8_000;
const ASSETS_QUIET_AT_MOST_MS = 40_000;
const BASELINE_COMMIT = process.env['DATA_PLAN_BASELINE'] ?? '4248d2e';
const LIVE_PATH = '/api/product/live';

interface Screen {
  readonly name: string;
  path(server: BenchServer, closedId: number): string;
  readonly member: BenchMember;
  readonly targetKb: number;
  readonly targetRequests?: number;
  readonly hidden?: boolean;
  /** The browser refuses GET product/live: the app polls instead (the baseline of the live stream). */
  readonly refuseStream?: boolean;
  /** Measured on the older build too (its BENCH line's baseline); the others' baselines are screens of ours. */
  readonly onBaseline: boolean;
}

type Protocol = 'h2' | 'h1';
/** The live-stream targets: /xq 12 KB a minute over HTTP/2 and 20 KB over HTTP/1.1; / and /hq 10 KB on both. */
const TARGET_KB: Readonly<Record<Protocol, Readonly<Record<string, number>>>> = {
  h2: { home: 10, hq: 10, xq: 12, 'xq-closed': 3 },
  h1: { home: 10, hq: 10, xq: 20, 'xq-closed': 3 },
};

const ONLY = process.env['DATA_PLAN_SCREENS']?.split(',');
const SCREENS: readonly Screen[] = [
  { name: 'home', path: () => '/', member: 'demo', targetKb: 10, onBaseline: true },
  { name: 'hq', path: () => '/hq', member: 'demo', targetKb: 10, onBaseline: true },
  { name: 'xq', path: (s) => `/xq?id=${s.ordersProductId}`, member: 'demo', targetKb: 20, targetRequests: 70, onBaseline: true },
  { name: 'orderrecord-10k', path: () => '/orderrecord', member: 'many', targetKb: 5, onBaseline: true },
  { name: 'xq-closed', path: (_s, closed) => `/xq?id=${closed}`, member: 'none', targetKb: 3, onBaseline: true },
  { name: 'hidden', path: (s) => `/xq?id=${s.ordersProductId}`, member: 'demo', targetKb: 0, targetRequests: 0, hidden: true, onBaseline: false },
  { name: 'xq-poll', path: (s) => `/xq?id=${s.ordersProductId}`, member: 'demo', targetKb: 20, refuseStream: true, onBaseline: false },
];
const PROTOCOLS = (process.env['DATA_PLAN_PROTOCOLS'] ?? 'h2,h1').split(',').filter((p): p is Protocol => p === 'h2' || p === 'h1');

interface Cost {
  readonly requests: number;
  readonly bytes: number;
}

/** One build served by its own fixture server, counted by its own relay. */
interface Site {
  readonly name: string;
  readonly server: BenchServer;
  readonly relay: CountingRelay;
  readonly closedId: number;
}

async function closedProductId(server: BenchServer): Promise<number> {
  const res = await fetch(new URL('api/product/list', server.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  const { data } = (await res.json()) as { data: { items: { id: number; category: string; open: boolean }[] } };
  // New York and Hong Kong never trade at the same time: at any hour one stock market is shut.
  const closed = data.items.find((p) => p.category === 'stocks' && !p.open);
  if (!closed) throw new Error('no stock market is closed now');
  return closed.id;
}

async function measure(browser: Browser, site: Site, screen: Screen, protocol: Protocol): Promise<Cost> {
  const { server, relay } = site;
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, serviceWorkers: 'block', ignoreHTTPSErrors: true });
  const base = `${protocol === 'h2' ? 'https' : 'http'}://127.0.0.1:${relay.port}/`;
  // Every API call of the screen must be answered: a refused one (an old build's path or shape that today's server
  // no longer takes) would make its bytes something else than the app's.
  const refused: string[] = [];
  const onResponse = (response: Response): void => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/') && response.status() >= 400 && !(screen.refuseStream && path === LIVE_PATH)) refused.push(`${path} ${response.status()}`);
  };
  context.on('response', onResponse);
  let lastAsset = performance.now();
  const onRequest = (request: Request): void => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) lastAsset = performance.now();
  };
  context.on('request', onRequest);
  try {
    const page = await context.newPage();
    await page.goto(new URL('/favicon.ico', base).toString());
    await page.evaluate(`localStorage.setItem('accessToken', ${JSON.stringify(server.tokens[screen.member])})`);
    if (screen.refuseStream) await context.route(`**${LIVE_PATH}*`, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":404,"msg":"error.not_found"}' }));
    await page.goto(new URL(screen.path(server, site.closedId), base).toString());
    await page.waitForLoadState('load');
    await page.waitForTimeout(SETTLE_MS);
    if (screen.hidden) {
      // As a phone does when the member switches apps: the page says it is hidden (the app tells the worker).
      await page.evaluate(`Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }); Object.defineProperty(document, 'hidden', { configurable: true, get: () => true }); document.dispatchEvent(new Event('visibilitychange'))`);
      await page.waitForTimeout(SETTLE_MS);
    }
    const settledAt = performance.now();
    while (performance.now() - lastAsset < ASSETS_QUIET_MS && performance.now() - settledAt < ASSETS_QUIET_AT_MOST_MS) await page.waitForTimeout(500);
    if (performance.now() - lastAsset < ASSETS_QUIET_MS) console.log(`  ${protocol} ${site.name} ${screen.name}: still loading assets after ${ASSETS_QUIET_AT_MOST_MS / 1000} s more; counted anyway`);
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
    if (refused.length) throw new Error(`${site.name} ${protocol} ${screen.name}: API calls not answered: ${[...new Set(refused)].join(', ')}`);
    const perMinute = 60 / SECONDS;
    // Where it goes, by path: what the next change should look at.
    const byPath = new Map<string, { n: number; bytes: number; headers: number }>();
    for (const { path, bytes, headers } of sizes) {
      const held = byPath.get(path) ?? { n: 0, bytes: 0, headers: 0 };
      byPath.set(path, { n: held.n + 1, bytes: held.bytes + bytes, headers: held.headers + headers });
    }
    const label = `${protocol} ${site.name} ${screen.name}`;
    for (const [path, c] of [...byPath].sort((a, b) => b[1].bytes - a[1].bytes)) {
      console.log(`  ${label} ${path}: ${(c.n * perMinute).toFixed(0)} requests, ${((c.bytes * perMinute) / 1024).toFixed(1)} KB (headers ${((c.headers * perMinute) / 1024).toFixed(1)} KB) per minute by Chromium's count`);
    }
    console.log(`  ${label}: on the wire ${((wire * perMinute) / 1024).toFixed(1)} KB per minute, of which sent ${((sent * perMinute) / 1024).toFixed(1)} KB; ${sizes.length ? Math.round(wire / sizes.length) : 0} B per request`);
    return { requests: sizes.length * perMinute, bytes: wire * perMinute };
  } finally {
    context.off('response', onResponse);
    context.off('request', onRequest);
    await context.close();
  }
}

async function startSite(name: string, dir: string, siteDir: string, protocol: Protocol): Promise<Site> {
  mkdirSync(dir, { recursive: true });
  const server = await startBenchServer(dir, siteDir, protocol === 'h2' ? selfSignedCertificate(dir) : {});
  try {
    const relay = await countingRelay(Number(new URL(server.url).port));
    return { name, server, relay, closedId: await closedProductId(server) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function stopSite(site: Site): Promise<void> {
  await site.relay.close();
  await site.server.stop();
}

// The fixture's own calls (register, login) go to this run's throwaway certificate, which nothing else trusts.
process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
const workDir = mkdtempSync(join(tmpdir(), 'candlewick-data-plan-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));
const siteDir = process.env['MAIN_THREAD_SITE'] ?? buildApp('.', join(workDir, 'site'));
const measured = SCREENS.filter((screen) => !ONLY || ONLY.includes(screen.name));
const baselineDir = measured.some((screen) => screen.onBaseline) ? buildCommit(BASELINE_COMMIT, workDir, 'baseline') : undefined;
const baselineName = `baseline ${BASELINE_COMMIT}`;
const results = new Map<string, Cost>();
const key = (protocol: Protocol, site: string, screen: string): string => `${protocol}:${site}:${screen}`;
for (const protocol of PROTOCOLS) {
  const sites: Site[] = [];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    sites.push(await startSite('ours', join(workDir, `${protocol}-ours`), siteDir, protocol));
    if (baselineDir) sites.push(await startSite(baselineName, join(workDir, `${protocol}-baseline`), baselineDir, protocol));
    console.log(`data-plan ${protocol}: ${measured.length} screens on ${sites.map((x) => x.name).join(' and ')}, ${SECONDS} s each, load ${loadavg()[0]?.toFixed(2)}`);
    for (const [i, screen] of measured.entries()) {
      // The two builds take turns going first, so neither always follows the other while the market's pace drifts.
      const order = screen.onBaseline ? (i % 2 === 0 ? sites : [...sites].reverse()) : sites.filter((x) => x.name === 'ours');
      for (const site of order) {
        const cost = await measure(browser, site, screen, protocol);
        results.set(key(protocol, site.name, screen.name), cost);
        console.log(`data-plan ${protocol}: ${site.name} ${screen.name} ${(cost.bytes / 1024).toFixed(1)} KB and ${cost.requests.toFixed(0)} requests per minute`);
      }
    }
  } finally {
    await browser.close();
    for (const site of sites) await stopSite(site);
  }
}
console.log(`targets (ours), load ${loadavg()[0]?.toFixed(2)}:`);
for (const protocol of PROTOCOLS) {
  for (const screen of measured) {
    const cost = results.get(key(protocol, 'ours', screen.name));
    if (!cost) continue;
    const kb = cost.bytes / 1024;
    const target = TARGET_KB[protocol][screen.name] ?? screen.targetKb;
    const met = kb <= target && (screen.targetRequests === undefined || cost.requests <= screen.targetRequests);
    console.log(`  ${protocol} ${screen.name}: ${kb.toFixed(1)} KB/min (<= ${target}), ${cost.requests.toFixed(0)} requests/min${screen.targetRequests === undefined ? '' : ` (<= ${screen.targetRequests})`} -> ${met ? 'met' : 'not met'}`);
  }
}
/**
 * The relay counts whole bytes over the window: one byte in SECONDS, as bytes per minute, is the smallest cost it
 * can tell from none. A hidden tab that sends nothing is given that floor, so its ratio is finite (and a lower bound).
 */
const FLOOR_BYTES_PER_MINUTE = 60 / SECONDS;
for (const protocol of PROTOCOLS) {
  const suffix = protocol === 'h2' ? '' : '-h1';
  const ours = (screen: string) => results.get(key(protocol, 'ours', screen));
  for (const screen of measured) {
    const cost = ours(screen.name);
    if (!cost) continue;
    if (screen.onBaseline) {
      const before = results.get(key(protocol, baselineName, screen.name));
      if (before) console.log(benchLine(`data-plan-${screen.name}${suffix}`, cost.bytes / 1024, before.bytes / 1024, 'KB/min'));
    }
  }
  // The live stream against the same build polling as it did before the stream (the stream refused in the browser).
  const streamed = ours('xq');
  const polled = ours('xq-poll');
  if (streamed && polled) console.log(benchLine(`data-plan-xq-stream${suffix}`, streamed.bytes / 1024, polled.bytes / 1024, 'KB/min'));
  // The hidden tab against the same screen visible, both of ours in this run; ours at least the relay's floor.
  const hidden = ours('hidden');
  const visible = ours('xq');
  if (hidden && visible) console.log(benchLine(`data-plan-hidden${suffix} (/xq hidden vs visible; ours at least ${FLOOR_BYTES_PER_MINUTE.toFixed(1)} B/min, the relay's resolution)`, Math.max(hidden.bytes, FLOOR_BYTES_PER_MINUTE), visible.bytes, 'B/min'));
}

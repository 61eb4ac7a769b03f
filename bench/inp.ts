// INP at 4× CPU: 20 taps on each of /xq (chart, tape and 1,000 open orders of mine: the interval
// buttons), /orderrecord (1,000 open orders: its two tabs) and /hq (the live product list: its category tabs),
// while the live updates run. A tap's latency is the worst Event Timing entry of its interaction (input delay,
// handlers and the next paint); INP is the worst of the 20 (fewer than 50 interactions). Each tap waits for its
// effect on screen (the pressed or selected control), never for a time.
// Baseline, in the same run and browser: the same taps on a page that does nothing else (a toggle button), the
// floor this machine's Chromium reaches at 4× CPU. Runs: INP_RUNS (default 3); the median run is reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { buildSite } from './main-thread/build.ts';
import { startBenchServer, type BenchServer } from './main-thread/fixture.ts';
import { CPU_SLOWDOWN } from './main-thread/measure.ts';
import { PAGE_PROBE, PROBE_READ, PROBE_RESET, tapDurations, type ProbeRead } from './main-thread/probe.ts';
import { benchLine, spread } from './stats.ts';

const RUNS = Number(process.env['INP_RUNS'] ?? 3);
const TAPS = 20;
const TARGET_MS = 100;

interface Screen {
  readonly name: string;
  path(server: BenchServer): string;
  /** A page expression that is true once the screen shows its live data. */
  readonly ready: string;
  /** The controls tapped in turn; each tap is done when the control says it is on. */
  readonly controls: string;
  readonly onAttribute: 'aria-pressed' | 'aria-selected';
}

const SCREENS: readonly Screen[] = [
  {
    name: 'xq',
    path: (s) => `/xq?id=${s.ordersProductId}`,
    ready: `document.querySelector('.chart-box canvas') !== null && document.querySelectorAll('.tape tbody tr').length > 0 && /\\d/.test(document.querySelector('.countdown')?.textContent ?? '')`,
    controls: '.intervals__item',
    onAttribute: 'aria-pressed',
  },
  {
    name: 'orderrecord',
    path: () => '/orderrecord',
    ready: `/\\d/.test(document.querySelector('.countdown')?.textContent ?? '')`,
    controls: '[role="tablist"] [role="tab"]',
    onAttribute: 'aria-selected',
  },
  {
    name: 'hq',
    path: () => '/hq',
    ready: `document.querySelectorAll('.product-row').length > 0`,
    controls: '[role="tablist"] [role="tab"]',
    onAttribute: 'aria-selected',
  },
];

const BASELINE_PAGE = `<!doctype html><meta name="viewport" content="width=device-width">
<button id="a" aria-pressed="true" style="width:120px;height:48px">A</button><button id="b" aria-pressed="false" style="width:120px;height:48px">B</button>
<script>${PAGE_PROBE}
for (const b of document.querySelectorAll('button')) b.addEventListener('click', () => {
  for (const o of document.querySelectorAll('button')) o.setAttribute('aria-pressed', String(o === b));
});</script>`;

/** Taps the controls in turn (skipping the one already on), each until its effect shows; returns each tap's latency. */
async function tapInTurn(page: Page, controls: string, onAttribute: string): Promise<number[]> {
  await page.evaluate(PROBE_RESET);
  const count = await page.locator(controls).count();
  if (count < 2) throw new Error(`fewer than two controls at ${controls}`);
  let next = 0;
  for (let tap = 0; tap < TAPS; tap++) {
    let control = page.locator(controls).nth(next % count);
    if ((await control.getAttribute(onAttribute)) === 'true') control = page.locator(controls).nth(++next % count);
    await control.tap();
    // A page expression (this benchmark compiles without the DOM lib).
    await page.waitForFunction(`document.querySelectorAll(${JSON.stringify(controls)})[${next % count}]?.getAttribute(${JSON.stringify(onAttribute)}) === 'true'`);
    next += 1;
  }
  // The last tap's entry is reported after its paint: wait until every tap has one (or taps under 16 ms left none).
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))');
  return tapDurations(((await page.evaluate(PROBE_READ)) as ProbeRead).events);
}

async function measureScreen(browser: Browser, server: BenchServer, screen: Screen | null): Promise<number> {
  // bypassCSP: the waits below are page expressions, which the app's CSP (no eval) would refuse.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, bypassCSP: true });
  try {
    await context.addInitScript({ content: `localStorage.setItem('accessToken', ${JSON.stringify(server.tokens.demo)});` });
    await context.addInitScript({ content: PAGE_PROBE });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (screen === null) {
      await page.setContent(BASELINE_PAGE);
      return Math.max(0, ...(await tapInTurn(page, 'button', 'aria-pressed')));
    }
    await page.goto(new URL(screen.path(server), server.url).toString());
    await page.waitForFunction(screen.ready, undefined, { polling: 250, timeout: 180_000 });
    return Math.max(0, ...(await tapInTurn(page, screen.controls, screen.onAttribute)));
  } finally {
    await context.close();
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'candlewick-inp-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));
// INP_SITE: a folder already built by an earlier run (kept), to skip the builds while iterating.
const siteDir = process.env['INP_SITE'] ?? join(workDir, 'site');
if (!process.env['INP_SITE']) buildSite(siteDir);
const server = await startBenchServer(workDir, siteDir);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
const results = new Map<string, { ours: number[]; baseline: number[] }>(SCREENS.map((s) => [s.name, { ours: [], baseline: [] }]));
try {
  console.log(`inp: ${RUNS} runs x ${SCREENS.length} screens x ${TAPS} taps, CPU ${CPU_SLOWDOWN}x; load ${loadavg()[0]?.toFixed(2)}`);
  for (let run = 1; run <= RUNS; run++) {
    for (const screen of SCREENS) {
      const entry = results.get(screen.name);
      if (!entry) continue;
      // The floor beside each screen, so a load spike falls on both.
      entry.baseline.push(await measureScreen(browser, server, null));
      entry.ours.push(await measureScreen(browser, server, screen));
      console.log(`run ${run} ${screen.name}: INP ${Math.round(entry.ours.at(-1) ?? 0)} ms (floor ${Math.round(entry.baseline.at(-1) ?? 0)} ms); load ${loadavg()[0]?.toFixed(2)}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(`\ntarget: INP <= ${TARGET_MS} ms on every screen`);
for (const [name, { ours, baseline }] of results) {
  const o = spread(ours);
  const b = spread(baseline);
  console.log(`${name}: INP median ${Math.round(o.median)} ms (min ${Math.round(o.min)}, max ${Math.round(o.max)}); floor median ${Math.round(b.median)} ms`);
}
for (const [name, { ours, baseline }] of results) {
  const o = spread(ours).median;
  const b = spread(baseline).median;
  console.log(benchLine(`inp-${name}`, Math.round(o), Math.round(b), 'ms'));
}

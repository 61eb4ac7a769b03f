// Repeat visit on a cheap phone: how soon /hq shows the last known prices, marked as not live, when
// the member comes back and the network has not answered yet. Chromium at 4× CPU and DevTools' Slow 4G, 360×640.
// Each run: a first visit in a fresh profile (cold cache) until the live list shows, the service worker is active
// and the worker has stored its snapshot; then product/list is held unanswered and the page is opened
// again. A script installed before the page's own code records when the first product row and the "not live"
// mark are both on screen, in the page's own clock (ms since navigation start).
// ours: the repeat visit's time to the marked last list. baseline: the cold first visit's time to the live list,
// in the same run. Runs: REPEAT_VISIT_RUNS (default 5); medians are reported. Target: ours <= 1,000 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type BrowserContext, type Page } from 'playwright';
import en from '../locales/en.json' with { type: 'json' };
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/start.ts';
import { storedProducts } from '../tests/e2e/stored-products.ts';
import { CPU_SLOWDOWN } from './main-thread/measure.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const RUNS = Number(process.env['REPEAT_VISIT_RUNS'] ?? 5);
const TARGET_MS = 1000;
const PATH = '/hq';
// DevTools' "Slow 4G" preset.
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.4 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

/** Sets window.__shown once a product row and, if asked, the not-live mark are on screen (ms since navigation). */
const shownProbe = (marks: readonly string[]) => `(() => {
  const marks = ${JSON.stringify(marks)};
  const check = () => {
    if (window.__shown !== undefined || !document.querySelector('.product-row')) return;
    const status = [...document.querySelectorAll('[role="status"]')].map((e) => e.textContent || '').join(' ');
    if (marks.length && !marks.some((m) => status.includes(m))) return;
    window.__shown = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

const workDir = mkdtempSync(join(tmpdir(), 'candlewick-repeat-visit-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));
const siteDir = join(workDir, 'site');
const built = spawnSync('npx', ['--no-install', 'vite', 'build', '--outDir', siteDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
if (built.status !== 0) throw new Error('vite build failed');
const running = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', ACCESS_LOG: 'false', DATA_DIR: join(workDir, 'data'), STATIC_DIR: siteDir }));
const base = running.url.replace('localhost', '127.0.0.1');

async function throttled(context: BrowserContext, marks: readonly string[]): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(shownProbe(marks));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return page;
}

const shownAt = async (page: Page): Promise<number> => Number(await (await page.waitForFunction('window.__shown', undefined, { timeout: 60_000 })).jsonValue());

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
const ours: number[] = [];
const baseline: number[] = [];
try {
  console.log(`repeat-visit: ${RUNS} runs of ${PATH}, CPU ${CPU_SLOWDOWN}x, Slow 4G, 360x640; load ${loadavg()[0]?.toFixed(2)}`);
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, bypassCSP: true });
    try {
      const first = await throttled(context, []);
      await first.goto(PATH);
      const cold = await shownAt(first);
      // Installed and active (its precache filled): the next visit is controlled. The first is not (no clients.claim).
      await first.evaluate('navigator.serviceWorker.ready.then(() => true)');
      for (let tries = 0; (await storedProducts(first)) === 0; tries++) {
        if (tries > 600) throw new Error('the worker never stored its product list');
        await first.waitForTimeout(100); // polling IndexedDB, which has no change event; not a measurement
      }
      await first.close();
      // From now on product/list is never answered: whatever list shows comes from the stored snapshot.
      await context.route('**/api/product/list', () => undefined);
      const again = await throttled(context, [en.market.stale, en.market.reconnecting]);
      await again.goto(PATH);
      const repeat = await shownAt(again);
      baseline.push(cold);
      ours.push(repeat);
      console.log(`run ${i + 1}: repeat visit ${Math.round(repeat)} ms to the last list marked not live; cold visit ${Math.round(cold)} ms to the live list (load ${loadavg()[0]?.toFixed(2)})`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await running.stop();
}
console.log(describeSpread('repeat visit: last list marked not live', 'ms', ours));
console.log(describeSpread('cold visit: live list', 'ms', baseline));
const median = spread(ours).median;
console.log(`target: repeat visit <= ${TARGET_MS} ms -> ${median <= TARGET_MS ? 'met' : 'NOT met'}`);
console.log(benchLine('repeat-visit', median, spread(baseline).median, 'ms'));

// What a controlled page's API request costs when the service worker has stopped (a phone idle for 30 s, a tab
// brought back): with the static route (public/sw-routes.js) the browser sends /api to the network at once; before
// it, every request was a fetch event, and the worker had to start before the request could go out.
// Each round: a fresh browser context opens /, waits for the service worker to control it, stops every worker (the
// DevTools protocol's ServiceWorker.stopAllWorkers), and times one API request from the page (fetch to its answer).
// ours: this checkout's build; baseline: SW_HOP_BASELINE's build (default 5f52a65, before the route), taking turns.
// Runs: SW_HOP_RUNS (default 12); medians are reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright';
import { buildApp, buildCommit } from './older-build.ts';
import { serveBuild } from './serve-build.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const RUNS = Number(process.env['SW_HOP_RUNS'] ?? 12);
const BASELINE = process.env['SW_HOP_BASELINE'] ?? '5f52a65';

const workDir = mkdtempSync(join(tmpdir(), 'candlewick-sw-hop-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));

/** One round: the time of an API request from a controlled page whose service worker was just stopped. */
async function coldWorkerRequest(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 360, height: 640 } });
  try {
    const page = await context.newPage();
    await page.goto(new URL('/', base).toString());
    // Page code as text: the bench's tsconfig has no DOM.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.reload();
    await page.waitForFunction('navigator.serviceWorker.controller !== null');
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    return Number(
      await page.evaluate(`(async () => {
        const start = performance.now();
        const res = await fetch('/api/common/config', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        await res.text();
        return performance.now() - start;
      })()`),
    );
  } finally {
    await context.close();
  }
}

const sites = {
  ours: await serveBuild(buildApp('.', join(workDir, 'ours')), join(workDir, 'data-ours')),
  baseline: await serveBuild(buildCommit(BASELINE, workDir, 'baseline'), join(workDir, 'data-baseline')),
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
const times: Record<keyof typeof sites, number[]> = { ours: [], baseline: [] };
try {
  for (let run = 0; run < RUNS; run++) {
    // Taking turns, so the machine's load falls on both alike.
    for (const name of run % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const)) {
      times[name].push(await coldWorkerRequest(browser, sites[name].base));
    }
  }
} finally {
  await browser.close();
  await Promise.all(Object.values(sites).map((site) => site.stop()));
}
console.log(describeSpread('ours (static route to the network)', 'ms', times.ours));
console.log(describeSpread(`baseline ${BASELINE} (a fetch event, the worker started first)`, 'ms', times.baseline));
console.log(benchLine('sw-api-hop', spread(times.ours).median, spread(times.baseline).median, 'ms'));

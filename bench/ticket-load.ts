// The order ticket's load on a cold /xq: /xq loads the ticket (zod and the order's schema) a few quiet seconds after
// it settles, where a member may already be reaching for Rise. This measures the longest script run in one frame
// while it loads, from the Long Animation Frames API, in Chromium at 360x640 with CPU slowdown TICKET_CPU (4),
// logged in as the demo member, over HTTPS, TICKET_RUNS (5) cold loads per build, taking turns.
// Baseline, in the same run: the build of commit TICKET_BASELINE (default 4ce59c1, which evaluated zod, the
// contract's schemas and the ticket in one task). The API reports only frames over 50 ms: a load with none counts
// as 50 ms, so the ratio is a lower bound.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/start.ts';
import { coldMemberPage } from './demo-login.ts';
import { buildApp, buildCommit } from './older-build.ts';
import { benchLine, describeSpread, spread } from './stats.ts';
import { selfSignedCertificate } from './tls.ts';

const RUNS = Number(process.env['TICKET_RUNS'] ?? 5);
const CPU = Number(process.env['TICKET_CPU'] ?? 4);
const BASELINE = process.env['TICKET_BASELINE'] ?? '4ce59c1';
const PATH = '/xq?id=12';
const FLOOR_MS = 50;
/** The chunks the ticket's load evaluates, in either build. */
const TICKET_CHUNKS = /\/assets\/(?:TradeTicket|order-form|zodRuntime|forms|zod|primitives)-[^/]+\.js$/;

const work = mkdtempSync(join(tmpdir(), 'candlewick-ticket-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

async function serve(dir: string, name: string) {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', ACCESS_LOG: 'false', DEMO: 'true', DATA_DIR: join(work, `data-${name}`), STATIC_DIR: dir, ...selfSignedCertificate(work) });
  const running = await startServer(config);
  return { name, base: running.url.replace('localhost', '127.0.0.1'), stop: () => running.stop() };
}

const sites = [await serve(buildApp('.', join(work, 'ours')), 'ours'), await serve(buildCommit(BASELINE, work, 'baseline'), `baseline ${BASELINE}`)];

/** One cold /xq: the longest script run (ms) in a frame that ran one of the ticket's chunks. */
async function ticketLoad(base: string): Promise<number> {
  const { browser, context, page } = await coldMemberPage(base);
  try {
    await page.addInitScript(`(() => {
      const runs = (window.__ticketScripts = []);
      new PerformanceObserver((list) => {
        for (const frame of list.getEntries()) for (const s of frame.scripts) runs.push({ url: s.sourceURL, ms: s.duration });
      }).observe({ type: 'long-animation-frame', buffered: true });
    })()`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await page.goto(new URL(PATH, base).toString());
    // The app has asked for the ticket; importing the same module here resolves once the app's import has
    // evaluated it, and a frame later its long frames (if any) have been reported.
    // A function, not a string: the page's CSP refuses eval.
    const ticket = await page.waitForFunction(() => performance.getEntriesByType('resource').find((e) => /\/assets\/TradeTicket-[^/]+\.js$/.test(e.name))?.name, undefined, { timeout: 60_000 });
    const url = String(await ticket.jsonValue());
    await page.evaluate(`import(${JSON.stringify(url)}).then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))`);
    const runs = (await page.evaluate('window.__ticketScripts')) as { url: string; ms: number }[];
    return Math.max(FLOOR_MS, ...runs.filter((r) => TICKET_CHUNKS.test(r.url)).map((r) => r.ms));
  } finally {
    await browser.close();
  }
}

console.log(`ticket-load: ${RUNS} cold ${PATH} per build at ${CPU}x CPU, ours and baseline ${BASELINE} taking turns; load ${loadavg()[0]?.toFixed(2)}`);
const results = new Map<string, number[]>(sites.map((s) => [s.name, []]));
for (let run = 0; run < RUNS; run++) {
  // ABBA: neither build always runs on the heels of the other.
  for (const site of run % 2 === 0 ? sites : [...sites].reverse()) {
    const ms = await ticketLoad(site.base);
    results.get(site.name)?.push(ms);
    console.log(`ticket-load: ${site.name} run ${run + 1}: longest script run in a frame ${Math.round(ms)} ms${ms === FLOOR_MS ? ' (no frame over 50 ms)' : ''}`);
  }
}
for (const site of sites) await site.stop();
const ours = results.get(sites[0]?.name ?? '') ?? [];
const theirs = results.get(sites[1]?.name ?? '') ?? [];
console.log(describeSpread('ours', 'ms', ours));
console.log(describeSpread(`baseline ${BASELINE}`, 'ms', theirs));
console.log(benchLine('ticket-load-longest-frame-script', spread(ours).median, spread(theirs).median, 'ms'));
process.exit(0);

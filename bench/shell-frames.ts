// A tool to read what the page's frames cost while the first screen loads, not a benchmark (it prints no BENCH line):
// cold loads at 4x CPU (a fresh Chromium each, logged in as the demo member, over HTTPS), traced; per load, the
// composited layers the page created, the main thread's Layerize, Commit and Paint (thread time), the renderer's
// compositor thread and the GPU process's Viz thread, all from the navigation's start to UNTIL ms.
//   SITE=<built folders, comma-separated> (default dist), PATHS=/ (one path), RUNS=3, UNTIL=3000,
//   SHELL=1 refuses the app's scripts (the boot script excepted): index.html's inline shell alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coldMemberPage } from './demo-login.ts';
import { serveBuild } from './serve-build.ts';
import { spread } from './stats.ts';
import { selfSignedCertificate } from './tls.ts';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly documentLoaderURL?: string } };
}

const PATH = process.env['PATHS'] ?? '/';
const UNTIL = Number(process.env['UNTIL'] ?? '3000');
const RUNS = Number(process.env['RUNS'] ?? '3');
const COLUMNS = ['layers', 'Layerize', 'Commit', 'Paint', 'compositor', 'Viz'] as const;

const work = mkdtempSync(join(tmpdir(), 'candlewick-frames-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const sites: { dir: string; base: string; stop: () => Promise<void>; rows: number[][] }[] = [];
for (const [i, dir] of (process.env['SITE'] ?? 'dist').split(',').entries()) {
  sites.push({ dir, rows: [], ...(await serveBuild(dir, join(work, `data-${i}`), { DEMO: 'true', ...selfSignedCertificate(work) })) });
}

async function load(base: string): Promise<number[]> {
  const { browser, page } = await coldMemberPage(base);
  if (process.env['SHELL']) await page.route(/\/assets\/(?!boot-).*\.js$/, (route) => route.abort());
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel', 'viz', 'cc', 'blink.user_timing'] });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(new URL(PATH, base).toString());
  await page.waitForTimeout(UNTIL + 500);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  await browser.close();
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('https'));
  if (!nav) throw new Error('shell-frames: no navigation of the page in the trace');
  const threadNames = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name ?? '']));
  const inWindow = (e: TraceEvent) => e.ts >= nav.ts && e.ts < nav.ts + UNTIL * 1000;
  const ran = (list: readonly TraceEvent[]) => list.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  const tasksOf = (thread: string, pid?: number) =>
    events.filter((e) => e.ph === 'X' && inWindow(e) && threadNames.get(`${e.pid}:${e.tid}`) === thread && (pid === undefined || e.pid === pid) && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
  const main = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && inWindow(e));
  const mainRan = (name: string) => ran(main.filter((e) => e.name === name && e.ph === 'X'));
  return [main.filter((e) => e.name === 'Layer:created').length, mainRan('Layerize'), mainRan('Commit'), mainRan('Paint'), ran(tasksOf('Compositor', nav.pid)), ran(tasksOf('VizCompositorThread'))];
}

// Taking turns, so that what the machine is doing falls on every site alike.
for (let run = 1; run <= RUNS; run++) {
  for (const site of sites) {
    const row = await load(site.base);
    site.rows.push(row);
    console.log(`${PATH} on ${site.dir} run ${run}: ${COLUMNS.map((c, i) => `${c} ${(row[i] ?? NaN).toFixed(1)}`).join(', ')} (ms of thread time in ${UNTIL} ms)`);
  }
}
for (const site of sites) console.log(`${PATH} on ${site.dir}, medians of ${RUNS}: ${COLUMNS.map((c, i) => `${c} ${spread(site.rows.map((r) => r[i] ?? NaN)).median.toFixed(1)}`).join(', ')}`);
for (const site of sites) await site.stop();

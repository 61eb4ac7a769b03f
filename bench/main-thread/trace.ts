// Where the main thread goes on one screen: a Chromium performance trace at 4× CPU over TRACE_SECONDS (15), then
// the long tasks and the top costs by kind and by script, printed. Not a benchmark (no BENCH line): a tool for
// finding what the main-thread benchmark counts. TRACE_PHASE picks the screen (xq, xq-chart-alone, orderrecord);
// MAIN_THREAD_SITE reuses an earlier build; TRACE_OUT keeps the raw trace for DevTools; TRACE_HOG=1 keeps one
// core busy beside the browser while tracing (the bench's CPU-hog pass); TRACE_SHOT saves a screenshot first; TRACE_CATEGORIES adds trace categories (comma-separated, e.g. toplevel).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { buildSite } from './build.ts';
import { startBenchServer } from './fixture.ts';
import { CPU_SLOWDOWN } from './measure.ts';
import { PHASES } from './phases.ts';
import { BROWSER_MARKER } from './thread-cpu.ts';

const SECONDS = Number(process.env['TRACE_SECONDS'] ?? 15);
const phase = PHASES.find((p) => p.name === (process.env['TRACE_PHASE'] ?? 'xq'));
if (!phase) throw new Error(`TRACE_PHASE: one of ${PHASES.map((p) => p.name).join(', ')}`);

interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly url?: string; readonly functionName?: string } };
}

const workDir = mkdtempSync(join(tmpdir(), 'candlewick-trace-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));
const siteDir = process.env['MAIN_THREAD_SITE'] ?? join(workDir, 'site');
if (!process.env['MAIN_THREAD_SITE']) buildSite(siteDir);
const server = await startBenchServer(workDir, siteDir);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--disable-gpu', '--disable-dev-shm-usage', BROWSER_MARKER] });
const tracePath = process.env['TRACE_OUT'] ?? join(workDir, 'trace.json');
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, bypassCSP: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(new URL('/favicon.ico', server.url).toString());
  await page.evaluate(`localStorage.setItem('accessToken', ${JSON.stringify(server.tokens[phase.member])})`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(new URL(phase.path('ours', server), server.url).toString());
  await page.waitForFunction(phase.ready, undefined, { polling: 500, timeout: 180_000 });
  await page.waitForTimeout(5_000);
  if (process.env['TRACE_SHOT']) await page.screenshot({ path: process.env['TRACE_SHOT'] });
  const hog = process.env['TRACE_HOG'] === '1' ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
  await browser.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', ...(process.env['TRACE_INVALIDATIONS'] ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []), ...(process.env['TRACE_CATEGORIES']?.split(',') ?? [])] });
  await page.waitForTimeout(SECONDS * 1000);
  await browser.stopTracing();
  hog?.kill('SIGKILL');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

const { traceEvents } = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
const mainTid = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && traceEvents.some((t) => t.tid === e.tid && t.name === 'RunTask'));
if (!mainTid) throw new Error('no renderer main thread in the trace');
const main = traceEvents.filter((e) => e.pid === mainTid.pid && e.tid === mainTid.tid && e.ph === 'X' && e.dur !== undefined);
const tasks = main.filter((e) => e.name === 'RunTask');
const span = Math.max(...main.map((e) => e.ts + (e.dur ?? 0))) - Math.min(...main.map((e) => e.ts));
const busy = tasks.reduce((s, t) => s + (t.dur ?? 0), 0);
console.log(`${phase.label}: ${(span / 1e6).toFixed(1)} s traced, ${tasks.length} tasks, busy ${((100 * busy) / span).toFixed(2)} %`);

/** The kinds of work inside a window of the main thread, by self time (children taken out). */
function selfTimes(events: readonly TraceEvent[]): Map<string, number> {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; key: string; end: number }[] = [];
  const keyOf = (e: TraceEvent): string => {
    const d = e.args?.data;
    if ((e.name === 'FunctionCall' || e.name === 'EvaluateScript') && d) return `${e.name} ${d.functionName ?? ''} ${(d.url ?? '').replace(/^.*\//, '')}`;
    if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch') return `${e.name} ${JSON.stringify(d ?? {}).slice(0, 60)}`;
    return e.name;
  };
  for (const e of sorted) {
    const end = e.ts + (e.dur ?? 0);
    while (stack.length && (stack.at(-1)?.end ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.key, (self.get(parent.key) ?? 0) - (e.dur ?? 0));
    const key = keyOf(e);
    self.set(key, (self.get(key) ?? 0) + (e.dur ?? 0));
    stack.push({ e, key, end });
  }
  return self;
}
const top = (m: Map<string, number>, n: number): string[] =>
  [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${(v / 1000).toFixed(1).padStart(8)} ms  ${k}`);

console.log('where the time went (self time, ms at 4x):');
for (const line of top(selfTimes(main), 25)) console.log(line);
/** Each task by what it ran first (its first child), so a kind of task that comes too often stands out. */
const kinds = new Map<string, { n: number; ms: number }>();
const sortedMain = [...main].sort((a, b) => a.ts - b.ts);
let cursor = 0;
for (const t of tasks) {
  while (cursor < sortedMain.length && (sortedMain[cursor]?.ts ?? 0) <= t.ts) cursor++;
  const child = sortedMain.slice(cursor, cursor + 4).find((e) => e.ts < t.ts + (t.dur ?? 0) && e.name !== 'RunTask');
  const d = child?.args?.data;
  const key = child ? `${child.name} ${d?.functionName ?? ''} ${(d?.url ?? '').replace(/^.*\//, '')}`.trim() : '(empty)';
  const k = kinds.get(key) ?? { n: 0, ms: 0 };
  k.n += 1;
  k.ms += (t.dur ?? 0) / 1000;
  kinds.set(key, k);
}
console.log('tasks by what they ran first (count, ms at 4x):');
for (const [k, v] of [...kinds.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) console.log(`  ${String(v.n).padStart(5)}  ${v.ms.toFixed(1).padStart(8)} ms  ${k}`);
const long = tasks.filter((t) => (t.dur ?? 0) > 50_000);
console.log(`long tasks (> 50 ms): ${long.length}`);
for (const t of long) {
  const inside = main.filter((e) => e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0));
  console.log(`- ${((t.dur ?? 0) / 1000).toFixed(1)} ms at +${((t.ts - (tasks[0]?.ts ?? 0)) / 1e6).toFixed(2)} s`);
  for (const line of top(selfTimes(inside), 6)) console.log(`  ${line}`);
}
if (process.env['TRACE_OUT']) writeFileSync(`${tracePath}.txt`, 'kept');

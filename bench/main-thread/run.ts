// Main-thread benchmark: the app and a naive baseline, side by side in the same run, in headless
// Chromium at 4× CPU slowdown. Runs: MAIN_THREAD_RUNS (default 5); window per screen: MAIN_THREAD_SECONDS (30).
// Each run also measures /xq again with a CPU hog beside the browser (a process spinning one of the cores: a
// phone's other apps), and ours with 10,000 open orders (the largest message from the worker, the worker's CPU).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { buildSite } from './build.ts';
import { startBenchServer } from './fixture.ts';
import { MANY_PHASES, PHASES, type Variant } from './phases.ts';
import { report, type Run } from './report.ts';
import { runVariant } from './session.ts';
import { BROWSER_MARKER } from './thread-cpu.ts';

const RUNS = Number(process.env['MAIN_THREAD_RUNS'] ?? 5);
const SECONDS = Number(process.env['MAIN_THREAD_SECONDS'] ?? 30);
const load = (): string => loadavg().map((n) => n.toFixed(2)).join(' ');

/** Runs `work` while another process keeps one core busy. */
async function withCpuHog<T>(work: () => Promise<T>): Promise<T> {
  const hog = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    hog.kill('SIGKILL');
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'candlewick-main-thread-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));
// MAIN_THREAD_SITE: a folder already built by an earlier run (kept), to skip the two builds while iterating.
const siteDir = process.env['MAIN_THREAD_SITE'] ?? join(workDir, 'site');
if (!process.env['MAIN_THREAD_SITE']) {
  console.log(`main-thread: building the app and the naive baseline into ${siteDir}`);
  buildSite(siteDir);
}
const server = await startBenchServer(workDir, siteDir);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--disable-gpu', '--disable-dev-shm-usage', BROWSER_MARKER],
});
const runs: Run[] = [];
const loads: string[] = [load()];
try {
  console.log(`main-thread: ${RUNS} runs, ${SECONDS} s per screen, CPU 4x, server ${server.url}, load average ${load()}`);
  for (let i = 0; i < RUNS; i++) {
    // Alternate who goes first, so a load spike from teammates does not always fall on the same side.
    const order: Variant[] = i % 2 === 0 ? ['ours', 'baseline'] : ['baseline', 'ours'];
    const run: Partial<Run> = {};
    for (const variant of order) run[variant] = await runVariant(browser, server, variant, SECONDS);
    if (!run.ours || !run.baseline) throw new Error('a variant did not run');
    const hog = await withCpuHog(() => runVariant(browser, server, 'ours', SECONDS, PHASES.filter((p) => p.name !== 'orderrecord')));
    const many = await runVariant(browser, server, 'ours', SECONDS, MANY_PHASES);
    runs.push({ ours: run.ours, baseline: run.baseline, hog, many });
    for (const [variant, results] of [['ours', run.ours], ['hog', hog]] as const) {
      for (const [phase, r] of results) for (const frame of r.longFrames) console.log(`run ${i + 1}: ${variant} ${phase} long frame ${frame}`);
    }
    console.log(`run ${i + 1}: with a CPU hog, ours ${[...hog.entries()].map(([p, r]) => `${p} ${r.busyPct.toFixed(1)} % (${r.longTasks} long tasks)`).join(', ')}`);
    console.log(`run ${i + 1}: 10,000 orders, ${[...many.entries()].map(([p, r]) => `${p} ${r.busyPct.toFixed(1)} %, largest message ${r.maxMessageBytes} B of ${r.messages}, worker ${r.workerPct?.toFixed(2) ?? '?'} %`).join('; ')}`);
    const line = (v: Variant): string => [...(run[v] ?? new Map<string, { busyPct: number }>()).entries()].map(([p, r]) => `${p} ${r.busyPct.toFixed(1)} %`).join(', ');
    loads.push(load());
    console.log(`run ${i + 1}: ours ${line('ours')} | baseline ${line('baseline')} | load ${load()}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`load average (1/5/15 min) at start and after each run: ${loads.join(' | ')}`);
for (const line of report(runs)) console.log(line);

// The chart's build and first frames on a slow phone: Chromium at 4x CPU, 360x640 at device scale 1.75, one
// chart of 500 one-minute bars built as /xq builds it (bench/chart-lab: the adapter, the app's colours and font
// list). Ours is the adapter as it is (a reset's newest bars first, the older ones when the view nears them); the
// baseline, in the same run and browser, taking turns, is the plain way: every bar in at once (firstBars: Infinity).
// CHART_COMPARE=view measures instead the screen's first view (chart-preview.ts, what /xq draws until the member
// reaches for the chart) beside the library's chart as the adapter builds it (its evaluation at page load not counted).
// Per run: the main thread's busy time from the build to the chart's tenth frame (CDP TaskDuration), the build's
// own task (the chart made and the bars put in) and the longest task. CHART_RUNS runs per side (default 10); medians are reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright';
import { build, preview } from 'vite';
import type { LabResult } from './chart-lab/lab-result.ts';
import { CPU_SLOWDOWN } from './main-thread/measure.ts';
import { benchLine, describeSpread, spread } from './stats.ts';

const RUNS = Number(process.env['CHART_RUNS'] ?? 10);
const VIEW = process.env['CHART_COMPARE'] === 'view';
/** Each side's lab page query and name. */
const OURS = VIEW ? { query: 'view=first', name: 'the first view', bench: 'chart-first-view' } : { query: 'first=lazy', name: 'newest bars first', bench: 'chart-first-draw' };
const BASELINE = VIEW ? { query: 'first=lazy', name: 'the library chart' } : { query: 'first=all', name: 'every bar at once' };
const CHROME = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const CONFIG = 'bench/chart-lab/vite.config.ts';

interface Run {
  readonly busyMs: number;
  readonly buildMs: number;
  readonly longestTaskMs: number;
  readonly barsIn: number;
}

const work = mkdtempSync(join(tmpdir(), 'chart-first-draw-'));
const outDir = join(work, 'site');
await build({ configFile: CONFIG, logLevel: 'warn', build: { outDir } });
const server = await preview({ configFile: CONFIG, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, open: false } });
const base = server.resolvedUrls?.local[0];
if (!base) throw new Error('the lab page has no address');
// Lighthouse's phone's pixel ratio (1.75), made the browser's own, not only emulated: emulated alone, the chart's
// device-pixel observer disagrees with devicePixelRatio, and the chart sizes its canvases and draws its first frame twice.
const PIXEL_RATIO = screenEmulationMetrics.mobile.deviceScaleFactor;
const browser = await chromium.launch({ executablePath: CHROME, args: ['--disable-gpu', `--force-device-scale-factor=${PIXEL_RATIO}`] });

async function measure(query: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: PIXEL_RATIO, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${base}?${query}`);
  await page.waitForFunction('typeof window.labDraw === "function"');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Performance.enable');
  const busy = async (): Promise<number> => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN) * 1000;
  };
  const before = await busy();
  const result = await page.evaluate<LabResult>('window.labDraw()');
  const busyMs = (await busy()) - before;
  await context.close();
  return { busyMs, ...result };
}

const ours: Run[] = [];
const baseline: Run[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    // Taking turns, and the first in each pair alternating, so a drift of the machine falls on both alike.
    const order = run % 2 === 0 ? ([OURS, BASELINE] as const) : ([BASELINE, OURS] as const);
    for (const side of order) (side === OURS ? ours : baseline).push(await measure(side.query));
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}

const bars = (runs: readonly Run[]) => [...new Set(runs.map((r) => r.barsIn))].join(', ');
console.log(`${OURS.bench}: ${RUNS} runs per side, ${CPU_SLOWDOWN}x CPU, 360x640 at 1.75; load ${loadavg()[0]?.toFixed(2) ?? '?'}`);
console.log(describeSpread(`ours (${OURS.name}; bars in at the end: ${bars(ours)}) busy`, 'ms', ours.map((r) => r.busyMs)));
console.log(describeSpread('ours build task', 'ms', ours.map((r) => r.buildMs)));
console.log(describeSpread('ours longest task', 'ms', ours.map((r) => r.longestTaskMs)));
console.log(describeSpread(`baseline (${BASELINE.name}; bars in: ${bars(baseline)}) busy`, 'ms', baseline.map((r) => r.busyMs)));
console.log(describeSpread('baseline build task', 'ms', baseline.map((r) => r.buildMs)));
console.log(describeSpread('baseline longest task', 'ms', baseline.map((r) => r.longestTaskMs)));
const median = (runs: readonly Run[], key: keyof Run): number => spread(runs.map((r) => r[key])).median;
console.log(benchLine(`${OURS.bench}-build-task`, median(ours, 'buildMs'), median(baseline, 'buildMs'), 'ms'));
console.log(benchLine(`${OURS.bench}-longest-task`, median(ours, 'longestTaskMs'), median(baseline, 'longestTaskMs'), 'ms'));
console.log(benchLine(OURS.bench, median(ours, 'busyMs'), median(baseline, 'busyMs'), 'ms'));

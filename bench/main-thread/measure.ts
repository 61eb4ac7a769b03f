// One measurement window on one page: main-thread busy from CDP Performance.getMetrics (TaskDuration over
// wall time), long tasks and tap event durations from the page's observers, and the worker's CPU from /proc.
import type { CDPSession, Page } from 'playwright';
import { PROBE_READ, PROBE_RESET, tapDurations, type ProbeRead } from './probe.ts';
import { workerCpuMs } from './thread-cpu.ts';

export const CPU_SLOWDOWN = 4;
/** A tap every this many ms during a window: enough samples, and taps stay a small share of the work. */
const TAP_EVERY_MS = 2_500;

export interface PhaseResult {
  /** % of wall time the main thread ran tasks (at 4× slowdown). */
  readonly busyPct: number;
  readonly scriptPct: number;
  readonly layoutAndStylePct: number;
  readonly longTasks: number;
  readonly longestTaskMs: number;
  /** What ran in each long animation frame of the window (see probe.ts). */
  readonly longFrames: readonly string[];
  readonly taps: number;
  /** Worst event per tap that reached 16 ms; taps faster than that are not listed. */
  readonly slowTapsMs: readonly number[];
  /** Worker CPU as % of one core, unthrottled (null: not measurable here). */
  readonly workerPct: number | null;
  /** The largest message the page received from the worker in the window, and how many it received. */
  readonly maxMessageBytes: number;
  readonly messages: number;
}

type Metrics = Map<string, number>;

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return new Map(list.map((m) => [m.name, m.value]));
}

const delta = (a: Metrics, b: Metrics, name: string): number => (b.get(name) ?? 0) - (a.get(name) ?? 0);
const sleep = (ms: number): Promise<void> => new Promise((ok) => setTimeout(ok, ms));

export async function measureWindow(page: Page, cdp: CDPSession, seconds: number, tapAt: { x: number; y: number }): Promise<PhaseResult> {
  await page.evaluate(PROBE_RESET);
  const worker0 = workerCpuMs();
  const m0 = await metrics(cdp);
  const started = Date.now();
  const end = started + seconds * 1000;
  let taps = 0;
  while (Date.now() + TAP_EVERY_MS < end) {
    await sleep(TAP_EVERY_MS);
    await page.touchscreen.tap(tapAt.x, tapAt.y);
    taps += 1;
  }
  await sleep(Math.max(0, end - Date.now()));
  const m1 = await metrics(cdp);
  const worker1 = workerCpuMs();
  const probe = (await page.evaluate(PROBE_READ)) as ProbeRead;
  const wall = delta(m0, m1, 'Timestamp');
  const pct = (name: string): number => (100 * delta(m0, m1, name)) / wall;
  const longTasks = probe.longTasks.filter((d) => d > 50);
  return {
    busyPct: pct('TaskDuration'),
    scriptPct: pct('ScriptDuration'),
    layoutAndStylePct: pct('LayoutDuration') + pct('RecalcStyleDuration'),
    longTasks: longTasks.length,
    longestTaskMs: Math.max(0, ...longTasks),
    longFrames: probe.longFrames,
    taps,
    slowTapsMs: tapDurations(probe.events),
    workerPct: worker0 === null || worker1 === null ? null : (100 * (worker1 - worker0)) / (wall * 1000),
    maxMessageBytes: probe.messages.maxBytes,
    messages: probe.messages.count,
  };
}

// A tool to separate the page's own work from the machine's waits in Lighthouse's simulated metrics, not a benchmark
// (it prints no BENCH line). Lantern scales each main-thread task's recorded length, wall time, by the slowdown; on a
// busy machine of two cores much of that length is the thread waiting for a core. For each saved run this prints
// Lantern's FCP, LCP, TTI and TBT and its longest task twice: as Lighthouse computes them, and with each task as long
// as its thread ran (the trace's thread time, `tdur`). The second is a lower bound, not a figure to meet targets
// with: it also leaves out waits a phone has too (a synchronous storage read waits for the browser process).
// Save the runs' artifacts first:
//   LIGHTHOUSE_KEEP=/tmp/lh LIGHTHOUSE_FLAGS=--save-assets npx tsx bench/lighthouse.ts
// then: npx tsx bench/lantern-cpu-time.ts /tmp/lh/*-artifacts
import { basename } from 'node:path';
import { lanternMetric, lanternRun, traceEngineModule } from './lantern-run.ts';

interface Estimate {
  readonly timeInMs: number;
  readonly nodeTimings: Map<{ readonly type: string; readonly childEvents?: readonly { readonly name: string }[] }, { readonly startTime: number; readonly endTime: number }>;
}
interface MetricResult {
  readonly timing: number;
  readonly pessimisticEstimate: Estimate;
}
interface CpuNodeClass {
  readonly prototype: { readonly endTime: number; readonly startTime: number; readonly event: { readonly tdur?: number } };
}

const dirs = process.argv.slice(2).filter((d) => d.endsWith('-artifacts'));
if (dirs.length === 0) {
  console.error('usage: npx tsx bench/lantern-cpu-time.ts <run>-artifacts... (saved by LIGHTHOUSE_FLAGS=--save-assets)');
  process.exit(2);
}

const metrics = {
  fcp: await lanternMetric<MetricResult>('lantern-first-contentful-paint.js', 'LanternFirstContentfulPaint'),
  lcp: await lanternMetric<MetricResult>('lantern-largest-contentful-paint.js', 'LanternLargestContentfulPaint'),
  tti: await lanternMetric<MetricResult>('lantern-interactive.js', 'LanternInteractive'),
  tbt: await lanternMetric<MetricResult>('lantern-total-blocking-time.js', 'LanternTotalBlockingTime'),
};
// The Lantern graph class Lighthouse's metrics build their tasks from.
const graph = (await traceEngineModule('models/trace/lantern/graph/graph.js')) as { CPUNode: CpuNodeClass };
const recorded = Object.getOwnPropertyDescriptor(graph.CPUNode.prototype, 'duration');
if (!recorded?.get) throw new Error("lantern-cpu-time: Lantern's CPUNode has no duration getter to replace");

/** Makes Lantern read each task's length as its thread time (µs, as `dur` is), or puts its own getter back. */
function useThreadTime(on: boolean): void {
  if (!recorded) return;
  Object.defineProperty(graph.CPUNode.prototype, 'duration', on
    ? { configurable: true, get(this: CpuNodeClass['prototype']) { return this.event.tdur ?? this.endTime - this.startTime; } }
    : recorded);
}

async function measure(data: unknown): Promise<string> {
  const context = { computedCache: new Map() };
  const [fcp, lcp, tti, tbt] = await Promise.all([metrics.fcp, metrics.lcp, metrics.tti, metrics.tbt].map((m) => m.request(data, context)));
  if (!fcp || !lcp || !tti || !tbt) throw new Error('a metric did not compute');
  let longest = 0;
  let what = '';
  for (const [node, t] of tbt.pessimisticEstimate.nodeTimings) {
    if (node.type !== 'cpu' || t.endTime - t.startTime <= longest) continue;
    longest = t.endTime - t.startTime;
    what = [...new Set((node.childEvents ?? []).map((e) => e.name))].slice(0, 2).join(', ');
  }
  const ms = (n: number) => `${Math.round(n)}`.padStart(5);
  return `FCP ${ms(fcp.timing)}  LCP ${ms(lcp.timing)}  TTI ${ms(tti.timing)}  TBT ${ms(tbt.timing)}  longest task ${ms(longest)} ms (${what})`;
}

console.log('per run: as Lighthouse computes it (wall), then with each task as long as its thread ran (thread)');
for (const dir of dirs) {
  const { data, slowdown } = lanternRun(dir);
  useThreadTime(false);
  const wall = await measure(data);
  useThreadTime(true);
  const thread = await measure(data);
  useThreadTime(false);
  console.log(`${basename(dir).replace(/-artifacts$/, '')} at ${slowdown.toFixed(2)}x\n  wall    ${wall}\n  thread  ${thread}`);
}

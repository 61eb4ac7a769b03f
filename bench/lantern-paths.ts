// A tool to read what Lighthouse's simulated FCP, LCP and TBT are made of, not a benchmark (it prints no BENCH line):
// for a saved run, the requests and main-thread tasks of each of Lantern's two graphs (optimistic and pessimistic)
// with the simulated start and end of each, in the run's own settings (its Slow 4G and its CPU slowdown). A request
// sent inside a task waits in the model for that whole task, scaled by the slowdown; a page's LCP graph holds every
// request that had finished when its largest paint was seen. For TBT, the tasks that block in each estimate's window
// (from one estimate of FCP to the other's TTI, as Lantern pairs them) and how much each one adds.
// Keep the runs first:
//   LIGHTHOUSE_KEEP=/tmp/lh LIGHTHOUSE_BASELINE=none npx tsx bench/lighthouse.ts
// then: npx tsx bench/lantern-paths.ts /tmp/lh/home-<time>-artifacts
import { lanternMetrics, lanternRun, traceEngineModule, type LanternResult } from './lantern-run.ts';

/** The parts of Lantern's graph nodes read here (@paulirish/trace_engine's lantern/graph). */
interface LanternNode {
  readonly type: 'network' | 'cpu';
  readonly request?: { readonly url: string; readonly priority: string; readonly transferSize: number; readonly initiator?: { readonly type: string } };
  readonly event?: { readonly dur?: number; readonly tdur?: number };
  readonly childEvents?: readonly { readonly name: string; readonly args?: { readonly data?: { readonly url?: string } } }[];
}
type MetricResult = LanternResult<LanternNode>;
/** Lantern's own measure of what one task adds to TBT, clipped to the window (its TBTUtils). */
const { calculateTbtImpactForEvent: tbtImpact } = (await traceEngineModule('models/trace/lantern/metrics/TBTUtils.js')) as {
  calculateTbtImpactForEvent: (event: { start: number; end: number; duration: number }, startTimeMs: number, endTimeMs: number) => number;
};

const dir = process.argv[2];
if (!dir?.endsWith('-artifacts')) {
  console.error('usage: npx tsx bench/lantern-paths.ts <run>-artifacts (kept by bench/lighthouse.ts in LIGHTHOUSE_KEEP)');
  process.exit(2);
}
const { data, slowdown } = lanternRun(dir);
const { fcp, lcp, tti: interactive, tbt } = await lanternMetrics<LanternNode>();
const context = { computedCache: new Map() };

function label(node: LanternNode): string {
  if (node.type === 'network' && node.request) {
    const { url, priority, transferSize, initiator } = node.request;
    return `${url.replace(/^https?:\/\/[^/]+/, '')} (${priority}, from ${initiator?.type ?? '?'}, ${(transferSize / 1024).toFixed(1)} KB)`;
  }
  const names = [...new Set((node.childEvents ?? []).map((e) => e.name))].slice(0, 4).join(', ');
  const script = (node.childEvents ?? []).find((e) => e.args?.data?.url)?.args?.data?.url?.replace(/^https?:\/\/[^/]+/, '');
  const ran = node.event?.tdur === undefined ? '' : `, its thread running ${(node.event.tdur / 1000).toFixed(1)}`;
  return `task of ${((node.event?.dur ?? 0) / 1000).toFixed(1)} ms recorded${ran}: ${names}${script ? ` (${script})` : ''}`;
}

function print(name: string, result: MetricResult): void {
  console.log(`\n${name}: ${Math.round(result.timing)} ms (Lighthouse's figure from the two estimates)`);
  for (const [which, estimate] of [['optimistic', result.optimisticEstimate], ['pessimistic', result.pessimisticEstimate]] as const) {
    console.log(`  ${which}: ${Math.round(estimate.timeInMs)} ms`);
    const rows = [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime || a[1].endTime - b[1].endTime);
    for (const [node, t] of rows) console.log(`    ${String(Math.round(t.startTime)).padStart(5)} -> ${String(Math.round(t.endTime)).padStart(5)} ms  ${label(node)}`);
  }
}

const fcpResult = await fcp.request(data, context);
print('FCP', fcpResult);
print('LCP', await lcp.request(data, context));

// Lantern's TBT: each task of 50 ms or more, clipped to the window, adds what is over 50 ms.
const ttiResult = await interactive.request(data, context);
const tbtResult = await tbt.request(data, context);
console.log(`\nTBT: ${Math.round(tbtResult.timing)} ms (Lighthouse's figure: half of each estimate)`);
for (const [which, estimate, from, to] of [
  ['optimistic', tbtResult.optimisticEstimate, fcpResult.pessimisticEstimate.timeInMs, ttiResult.optimisticEstimate.timeInMs],
  ['pessimistic', tbtResult.pessimisticEstimate, fcpResult.optimisticEstimate.timeInMs, ttiResult.pessimisticEstimate.timeInMs],
] as const) {
  console.log(`  ${which}: ${Math.round(estimate.timeInMs)} ms, window ${Math.round(from)} -> ${Math.round(to)} ms (FCP -> TTI)`);
  const rows = [...estimate.nodeTimings].filter(([node]) => node.type === 'cpu').sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, t] of rows) {
    const adds = tbtImpact({ start: t.startTime, end: t.endTime, duration: t.endTime - t.startTime }, from, to);
    if (adds > 0) console.log(`    ${String(Math.round(t.startTime)).padStart(5)} -> ${String(Math.round(t.endTime)).padStart(5)} ms  adds ${String(Math.round(adds)).padStart(4)}  ${label(node)}`);
  }
}
console.log(`\nslowdown ${slowdown}x`);

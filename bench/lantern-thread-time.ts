// Lantern's metrics for a saved run, as Lighthouse computes them or with each main-thread task as long as its thread
// ran (the trace's thread time, `tdur`). Lantern scales each task's recorded length, wall time, by the slowdown; on a
// busy machine of two cores much of that length is the thread waiting for a core. The thread-time figures are a lower
// bound, not a figure to meet targets with: they also leave out waits a phone has too (a synchronous storage read
// waits for the browser process). Used by bench/lighthouse.ts (each run) and bench/lantern-cpu-time.ts (saved runs).
import { lanternMetrics, traceEngineModule } from './lantern-run.ts';

interface CpuNodeClass {
  readonly prototype: { readonly endTime: number; readonly startTime: number; readonly event: { readonly tdur?: number } };
}

export interface LanternFigures {
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly ttiMs: number;
  readonly tbtMs: number;
  /** The longest task of the whole graph in the model, and its first child events' names. */
  readonly longestMs: number;
  readonly longestWhat: string;
}

const metrics = await lanternMetrics<{ readonly type: string; readonly childEvents?: readonly { readonly name: string }[] }>();
// The Lantern graph class Lighthouse's metrics build their tasks from; its `duration` is what the simulator scales.
const graph = (await traceEngineModule('models/trace/lantern/graph/graph.js')) as { CPUNode: CpuNodeClass };
const recorded = Object.getOwnPropertyDescriptor(graph.CPUNode.prototype, 'duration');
if (!recorded?.get) throw new Error("lantern-thread-time: Lantern's CPUNode has no duration getter to replace");
const recordedLength: PropertyDescriptor = recorded;
const threadTime: PropertyDescriptor = {
  configurable: true,
  get(this: CpuNodeClass['prototype']) {
    // µs, as the recorded length is.
    return this.event.tdur ?? this.endTime - this.startTime;
  },
};

/** Lantern's FCP, LCP, TTI, TBT and longest task for Lantern's input `data` (bench/lantern-run.ts). */
export async function lanternFigures(data: unknown, onThreadTime: boolean): Promise<LanternFigures> {
  Object.defineProperty(graph.CPUNode.prototype, 'duration', onThreadTime ? threadTime : recordedLength);
  try {
    const context = { computedCache: new Map() };
    const [fcp, lcp, tti, tbt] = await Promise.all([metrics.fcp, metrics.lcp, metrics.tti, metrics.tbt].map((m) => m.request(data, context)));
    if (!fcp || !lcp || !tti || !tbt) throw new Error('lantern-thread-time: a metric did not compute');
    let longestMs = 0;
    let longestWhat = '';
    for (const [node, t] of tbt.pessimisticEstimate.nodeTimings) {
      if (node.type !== 'cpu' || t.endTime - t.startTime <= longestMs) continue;
      longestMs = t.endTime - t.startTime;
      longestWhat = [...new Set((node.childEvents ?? []).map((e) => e.name))].slice(0, 2).join(', ');
    }
    return { fcpMs: fcp.timing, lcpMs: lcp.timing, ttiMs: tti.timing, tbtMs: tbt.timing, longestMs, longestWhat };
  } finally {
    Object.defineProperty(graph.CPUNode.prototype, 'duration', recordedLength);
  }
}

// A saved Lighthouse run as Lantern's input, and Lighthouse's own Lantern metrics: what bench/lantern-paths.ts and
// bench/lantern-thread-time.ts read. bench/lighthouse.ts keeps its runs with LIGHTHOUSE_KEEP=<dir>.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One metric's computed artifact; its result's shape is each caller's to state. */
export interface LanternMetric<Result> {
  readonly request: (data: unknown, context: unknown) => Promise<Result>;
}

/** One of a metric's two simulations: its figure and when each graph node (of the caller's `Node` shape) ran. */
export interface LanternEstimate<Node> {
  readonly timeInMs: number;
  readonly nodeTimings: Map<Node, { readonly startTime: number; readonly endTime: number }>;
}

/** A metric's result: Lighthouse's figure and the two simulations it comes from. */
export interface LanternResult<Node> {
  readonly timing: number;
  readonly optimisticEstimate: LanternEstimate<Node>;
  readonly pessimisticEstimate: LanternEstimate<Node>;
}

/** Lantern's input for the run saved in `dir` (a `<run>-artifacts` folder), and the slowdown it was audited at. */
export function lanternRun(dir: string): { readonly data: unknown; readonly slowdown: number } {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const artifacts = read('artifacts.json') as { GatherContext: unknown; URL: unknown; SourceMaps?: unknown };
  // The report's settings carry the slowdown the run was audited at (bench/lighthouse.ts writes it into the artifacts).
  const report = read('lhr.report.json') as { configSettings: { throttling: { cpuSlowdownMultiplier: number } } };
  const data = {
    trace: read('defaultPass.trace.json'),
    devtoolsLog: read('defaultPass.devtoolslog.json'),
    gatherContext: artifacts.GatherContext,
    settings: report.configSettings,
    simulator: null,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps ?? [],
  };
  return { data, slowdown: report.configSettings.throttling.cpuSlowdownMultiplier };
}

const require = createRequire(import.meta.url);
const lighthouseRoot = dirname(require.resolve('lighthouse/package.json'));

/** Lighthouse's own Lantern metric `name` from `core/computed/metrics/<file>`, by path (as bench/lighthouse-trace.ts loads its tracehouse). */
async function lanternMetric<Result>(file: string, name: string): Promise<LanternMetric<Result>> {
  return (await import(join(lighthouseRoot, 'core/computed/metrics', file)) as Record<string, LanternMetric<Result>>)[name] as LanternMetric<Result>;
}

/** Lighthouse's four Lantern metrics the bench's tools read, with results over graph nodes of the caller's shape. */
export async function lanternMetrics<Node>(): Promise<{ readonly fcp: LanternMetric<LanternResult<Node>>; readonly lcp: LanternMetric<LanternResult<Node>>; readonly tti: LanternMetric<LanternResult<Node>>; readonly tbt: LanternMetric<LanternResult<Node>> }> {
  return {
    fcp: await lanternMetric<LanternResult<Node>>('lantern-first-contentful-paint.js', 'LanternFirstContentfulPaint'),
    lcp: await lanternMetric<LanternResult<Node>>('lantern-largest-contentful-paint.js', 'LanternLargestContentfulPaint'),
    tti: await lanternMetric<LanternResult<Node>>('lantern-interactive.js', 'LanternInteractive'),
    tbt: await lanternMetric<LanternResult<Node>>('lantern-total-blocking-time.js', 'LanternTotalBlockingTime'),
  };
}

/** A module of the trace engine Lighthouse runs Lantern from, by its path in the package. */
export async function traceEngineModule(path: string): Promise<unknown> {
  return import(join(dirname(require.resolve('@paulirish/trace_engine/package.json')), path));
}

// Lighthouse's own reading of a trace (its task tree and URL attribution, the code behind bootup-time, long-tasks and
// mainthread-work-breakdown), shared by bench/lighthouse.ts and bench/lighthouse-tasks.ts.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The parts of Lighthouse's TaskNode read here (lighthouse/core/lib/tracehouse/main-thread-tasks.js). */
export interface TaskNode {
  readonly event: {
    readonly name: string;
    readonly args?: { readonly data?: { readonly functionName?: string } };
    /** The time the thread ran during the event, in µs (Chrome's thread clock), when the trace has it. */
    readonly tdur?: number;
  };
  readonly children: readonly TaskNode[];
  readonly parent: TaskNode | undefined;
  readonly startTime: number;
  readonly duration: number;
  readonly selfTime: number;
  readonly group: { readonly id: string };
}
export interface Tracehouse {
  readonly processTrace: (trace: unknown) => { mainThreadEvents: unknown; frames: unknown; timestamps: { traceEnd: number; timeOrigin: number } };
  readonly getMainThreadTasks: (events: unknown, frames: unknown, traceEnd: number, timeOrigin: number) => TaskNode[];
  readonly recordsFromLogs: (log: unknown) => unknown[];
  readonly getJavaScriptURLs: (records: unknown[]) => Set<string>;
  readonly getAttributableURLForTask: (task: TaskNode, jsURLs: Set<string>) => string;
}

/** Lighthouse's own modules, by path: the package has no exports map, and its types lean on its global LH namespace. */
export async function tracehouse(): Promise<Tracehouse> {
  const root = dirname(createRequire(import.meta.url).resolve('lighthouse/package.json'));
  const load = (path: string) => import(join(root, 'core/lib', path)) as Promise<Record<string, unknown>>;
  const [processor, tasks, summary, recorder] = await Promise.all([
    load('tracehouse/trace-processor.js'),
    load('tracehouse/main-thread-tasks.js'),
    load('tracehouse/task-summary.js'),
    load('network-recorder.js'),
  ]);
  const traceProcessor = processor['TraceProcessor'] as { processTrace: Tracehouse['processTrace'] };
  const mainThreadTasks = tasks['MainThreadTasks'] as { getMainThreadTasks: Tracehouse['getMainThreadTasks'] };
  const networkRecorder = recorder['NetworkRecorder'] as { recordsFromLogs: Tracehouse['recordsFromLogs'] };
  return {
    processTrace: (trace) => traceProcessor.processTrace(trace),
    getMainThreadTasks: (...args) => mainThreadTasks.getMainThreadTasks(...args),
    recordsFromLogs: (log) => networkRecorder.recordsFromLogs(log),
    getJavaScriptURLs: summary['getJavaScriptURLs'] as Tracehouse['getJavaScriptURLs'],
    getAttributableURLForTask: summary['getAttributableURLForTask'] as Tracehouse['getAttributableURLForTask'],
  };
}

/**
 * The main frame's navigation commit: the top-level task in which Blink commits the navigation into the renderer
 * (`DocumentLoader::CommitNavigation`), the first task of every page and the browser's own work.
 */
export function isNavigationCommit(task: TaskNode): boolean {
  return task.event.name === 'DocumentLoader::CommitNavigation' || task.children.some(isNavigationCommit);
}

const performedLayout = (task: TaskNode): boolean => task.event.name === 'Layout' || task.children.some(performedLayout);

/**
 * A recorded task's length in Lighthouse's model at `slowdown`, as its simulator scales it: a task that laid out the
 * page is scaled by half the slowdown (Lantern's layoutTaskMultiplier, 0.5), every other task by the whole of it.
 */
export function modelledDuration(task: TaskNode, slowdown: number): number {
  return task.duration * slowdown * (performedLayout(task) ? 0.5 : 1);
}

/** The time the task's thread ran, scaled as modelledDuration scales the task (NaN if the trace has no thread time). */
export function modelledCpu(task: TaskNode, slowdown: number): number {
  return ((task.event.tdur ?? Number.NaN) / 1000) * slowdown * (performedLayout(task) ? 0.5 : 1);
}

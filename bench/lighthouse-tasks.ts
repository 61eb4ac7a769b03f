// A tool to read what Lighthouse counted, not a benchmark (it prints no BENCH line): the main-thread tasks of a saved
// Lighthouse run, in Lighthouse's own model (its task tree and URL attribution, the code behind bootup-time and
// mainthread-work-breakdown), each with its script time at the run's CPU slowdown and the file it was charged to.
// Save the runs' traces first:
//   LIGHTHOUSE_KEEP=/tmp/lh LIGHTHOUSE_FLAGS=--save-assets LIGHTHOUSE_BASELINE=none npx tsx bench/lighthouse.ts
// then: npx tsx bench/lighthouse-tasks.ts /tmp/lh/xq-<time>-0.trace.json
// MIN=<ms> leaves out tasks with less script than that (8); SLOWDOWN=<x> is the run's multiplier (by default the one
// the run was audited at: from its report beside a saved trace, <run>.json, or from the artifacts.json beside a trace in
// the run's artifacts folder; else 4).
// bench/profile-load.ts says which functions run; this says which of their tasks Lighthouse's figure is made of.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { modelledDuration, tracehouse, type TaskNode } from './lighthouse-trace.ts';

const file = process.argv[2];
if (!file?.endsWith('.trace.json')) {
  console.error('usage: npx tsx bench/lighthouse-tasks.ts <run>-0.trace.json (saved by LIGHTHOUSE_FLAGS=--save-assets)');
  process.exit(2);
}
const MIN = Number(process.env['MIN'] ?? 8);
interface Throttling {
  readonly throttling?: { readonly cpuSlowdownMultiplier?: number };
}
/** The slowdown the run was audited at (a modelled machine's runs each have their own). */
function reportedSlowdown(trace: string): number {
  const read = (path: string): unknown => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);
  if (trace.endsWith('-0.trace.json')) {
    const lhr = read(trace.replace(/-0\.trace\.json$/, '.json')) as { configSettings?: Throttling } | undefined;
    return lhr?.configSettings?.throttling?.cpuSlowdownMultiplier ?? 4;
  }
  // bench/lighthouse.ts writes the audited slowdown into the artifacts' settings.
  const artifacts = read(join(dirname(trace), 'artifacts.json')) as { settings?: Throttling } | undefined;
  return artifacts?.settings?.throttling?.cpuSlowdownMultiplier ?? 4;
}
const SLOWDOWN = Number(process.env['SLOWDOWN'] ?? reportedSlowdown(file));

const SCRIPT_GROUPS = new Set(['scriptEvaluation', 'scriptParseCompile']);
/** A task's script time, its children's included (mainthread-work-breakdown sums self times by group). */
const scriptOf = (task: TaskNode): number => (SCRIPT_GROUPS.has(task.group.id) ? task.selfTime : 0) + task.children.reduce((sum, child) => sum + scriptOf(child), 0);
const fileOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || url;

const lh = await tracehouse();
const processed = lh.processTrace(JSON.parse(readFileSync(file, 'utf8')));
const tasks = lh.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd, processed.timestamps.timeOrigin);
const jsURLs = lh.getJavaScriptURLs(lh.recordsFromLogs(JSON.parse(readFileSync(file.replace(/\.trace\.json$/, '.devtoolslog.json'), 'utf8'))));

const byFile = new Map<string, number>();
let total = 0;
console.log(`tasks with ${MIN} ms or more of script at ${SLOWDOWN}x (start in the unthrottled trace, then duration and script in the model; a task that laid out is scaled by half):`);
for (const task of tasks.filter((t) => t.parent === undefined)) {
  const url = fileOf(lh.getAttributableURLForTask(task, jsURLs));
  const script = scriptOf(task) * SLOWDOWN;
  byFile.set(url, (byFile.get(url) ?? 0) + script);
  total += script;
  if (script < MIN) continue;
  const what = task.children.slice(0, 3).map((c) => c.event.name + (c.event.args?.data?.functionName ? `:${c.event.args.data.functionName}` : ''));
  console.log(`${task.startTime.toFixed(0).padStart(6)} ms  ${modelledDuration(task, SLOWDOWN).toFixed(0).padStart(4)} ms  script ${script.toFixed(0).padStart(4)} ms  ${url}  (${what.join(', ')})`);
}
console.log(`\nscript by file (all tasks), ${total.toFixed(0)} ms in all:`);
for (const [url, ms] of [...byFile].sort((a, b) => b[1] - a[1])) if (ms >= 1) console.log(`${ms.toFixed(0).padStart(6)} ms  ${url}`);

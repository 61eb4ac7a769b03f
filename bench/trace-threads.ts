// A tool to see what ran beside the page's main thread, not a benchmark (it prints no BENCH line): from a saved
// Lighthouse trace, each traced thread's time per window after the navigation started, as "ran/wall" ms (the thread's
// CPU clock against wall time, of its top-level events), busiest threads first. On two cores, a thread that runs
// beside the page's main thread competes with it for a core, and the page's script figure is wall time: it counts
// the main thread's wait.
// Save the runs' traces first:
//   LIGHTHOUSE_KEEP=/tmp/lh LIGHTHOUSE_FLAGS=--save-assets LIGHTHOUSE_BASELINE=none npx tsx bench/lighthouse.ts
// then: npx tsx bench/trace-threads.ts /tmp/lh/home-<time>-0.trace.json
// WINDOW=<ms> per column (250), UNTIL=<ms> after the navigation started (3000), THREADS=<rows> (12).
import { readFileSync } from 'node:fs';

interface TraceEvent {
  readonly ph: string;
  readonly name: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly isLoadingMainFrame?: boolean; readonly documentLoaderURL?: string } };
}

const file = process.argv[2];
if (file === undefined) throw new Error('usage: npx tsx bench/trace-threads.ts <run>.trace.json');
const WINDOW = Number(process.env['WINDOW'] ?? '250');
const UNTIL = Number(process.env['UNTIL'] ?? '3000');
const THREADS = Number(process.env['THREADS'] ?? '12');

const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
const threadNames = new Map<string, string>();
const processNames = new Map<number, string>();
for (const e of events) {
  if (e.ph !== 'M') continue;
  if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  if (e.name === 'process_name') processNames.set(e.pid, e.args?.name ?? '');
}
const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame === true && e.args.data.documentLoaderURL?.startsWith('http'));
if (start === undefined) throw new Error(`${file}: no navigation to an http(s) page in the trace`);

interface Cell {
  ran: number;
  wall: number;
}
const perThread = new Map<string, TraceEvent[]>();
for (const e of events) {
  if (e.ph !== 'X' || e.dur === undefined) continue;
  const key = `${e.pid}:${e.tid}`;
  const list = perThread.get(key);
  if (list) list.push(e);
  else perThread.set(key, [e]);
}
const rows = [...perThread].map(([key, list]) => {
  const cells = new Map<number, Cell>();
  let end = -Infinity;
  // Only top-level events: a nested event's time is already its parent's.
  for (const e of list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    if (e.ts < end) continue;
    end = e.ts + (e.dur ?? 0);
    const at = (e.ts - start.ts) / 1000;
    if (at < -WINDOW || at >= UNTIL) continue;
    const column = Math.floor(at / WINDOW);
    const cell = cells.get(column) ?? { ran: 0, wall: 0 };
    cell.ran += (e.tdur ?? 0) / 1000;
    cell.wall += (e.dur ?? 0) / 1000;
    cells.set(column, cell);
  }
  const [pid] = key.split(':');
  const name = `${processNames.get(Number(pid)) ?? pid}/${threadNames.get(key) ?? key}`;
  return { name, cells, ran: [...cells.values()].reduce((sum, c) => sum + c.ran, 0) };
});

const columns = Array.from({ length: Math.ceil(UNTIL / WINDOW) + 1 }, (_, i) => i - 1);
console.log(`ms from the navigation's start, per ${WINDOW} ms: ran/wall of each thread's top-level events`);
console.log('thread'.padEnd(44) + columns.map((c) => String(c * WINDOW).padStart(10)).join(''));
for (const row of rows.sort((a, b) => b.ran - a.ran).slice(0, THREADS)) {
  const cells = columns.map((c) => {
    const cell = row.cells.get(c);
    return (cell ? `${cell.ran.toFixed(0)}/${cell.wall.toFixed(0)}` : '').padStart(10);
  });
  console.log(row.name.slice(0, 43).padEnd(44) + cells.join(''));
}

// A tool to separate the page's own work from the machine's waits in Lighthouse's simulated metrics, not a benchmark
// (it prints no BENCH line): for each saved run, Lantern's FCP, LCP, TTI, TBT and longest task as Lighthouse computes
// them (wall), then with each task as long as its thread ran (thread; a lower bound: bench/lantern-thread-time.ts).
// bench/lighthouse.ts prints the thread-time figures of each run it makes; this reads runs saved before.
// Runs are kept in LIGHTHOUSE_KEEP=<dir> of bench/lighthouse.ts; then: npx tsx bench/lantern-cpu-time.ts /tmp/lh/*-artifacts
import { basename } from 'node:path';
import { lanternRun } from './lantern-run.ts';
import { lanternFigures, type LanternFigures } from './lantern-thread-time.ts';

const dirs = process.argv.slice(2).filter((d) => d.endsWith('-artifacts'));
if (dirs.length === 0) {
  console.error('usage: npx tsx bench/lantern-cpu-time.ts <run>-artifacts... (saved by bench/lighthouse.ts in LIGHTHOUSE_KEEP)');
  process.exit(2);
}

const ms = (n: number) => `${Math.round(n)}`.padStart(5);
const line = (f: LanternFigures) =>
  `FCP ${ms(f.fcpMs)}  LCP ${ms(f.lcpMs)}  TTI ${ms(f.ttiMs)}  TBT ${ms(f.tbtMs)}  longest task ${ms(f.longestMs)} ms (${f.longestWhat})`;

console.log('per run: as Lighthouse computes it (wall), then with each task as long as its thread ran (thread)');
for (const dir of dirs) {
  const { data, slowdown } = lanternRun(dir);
  const wall = await lanternFigures(data, false);
  const thread = await lanternFigures(data, true);
  console.log(`${basename(dir).replace(/-artifacts$/, '')} at ${slowdown.toFixed(2)}x\n  wall    ${line(wall)}\n  thread  ${line(thread)}`);
}

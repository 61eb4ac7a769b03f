// Turns the runs into lines: per screen and variant min/median/max, the decomposition, the targets, and the one BENCH line.
import { benchLine, describeSpread, formatNumber, spread } from '../stats.ts';
import type { PhaseResult } from './measure.ts';
import { MANY_PHASES, PHASES, type PhaseName, type Variant } from './phases.ts';

/** Ours and the baseline; ours on /xq with a CPU hog beside the browser; ours with 10,000 open orders. */
export type Run = Record<Variant | 'hog' | 'many', Map<PhaseName, PhaseResult>>;

const of = (runs: readonly Run[], v: keyof Run, p: PhaseName, pick: (r: PhaseResult) => number | null): number[] =>
  runs.flatMap((run) => {
    const r = run[v].get(p);
    const value = r ? pick(r) : null;
    return value === null ? [] : [value];
  });

/** Busy % of the two screens the targets name (/orderrecord and /xq with the orders), averaged per run. */
const screensBusy = (runs: readonly Run[], v: Variant): number[] =>
  runs.map((run) => ((run[v].get('orderrecord')?.busyPct ?? Number.NaN) + (run[v].get('xq')?.busyPct ?? Number.NaN)) / 2);

export function report(runs: readonly Run[]): string[] {
  const lines: string[] = [];
  for (const phase of PHASES) {
    lines.push(`-- ${phase.label}`);
    for (const v of ['ours', 'baseline'] as const) {
      const name = `${v.padEnd(8)}`;
      lines.push(describeSpread(`${name} main-thread busy`, '%', of(runs, v, phase.name, (r) => r.busyPct)));
      lines.push(describeSpread(`${name}   of which script`, '%', of(runs, v, phase.name, (r) => r.scriptPct)));
      lines.push(describeSpread(`${name}   of which layout + style`, '%', of(runs, v, phase.name, (r) => r.layoutAndStylePct)));
      lines.push(describeSpread(`${name} long tasks (> 50 ms)`, '', of(runs, v, phase.name, (r) => r.longTasks)));
      lines.push(describeSpread(`${name} longest long task`, 'ms', of(runs, v, phase.name, (r) => r.longestTaskMs)));
      const taps = runs.flatMap((run) => run[v].get(phase.name)?.slowTapsMs ?? []);
      const tapCount = of(runs, v, phase.name, (r) => r.taps).reduce((a, b) => a + b, 0);
      const worst = taps.length ? `worst ${formatNumber(Math.max(...taps))} ms, median of those ${formatNumber(spread(taps).median)} ms` : 'none';
      lines.push(`${name} taps: ${tapCount}, ${taps.length} with an event of 16 ms or more (${worst})`);
      const worker = of(runs, v, phase.name, (r) => r.workerPct);
      if (v === 'ours') lines.push(worker.length ? describeSpread(`${name} worker CPU (unthrottled, % of one core)`, '%', worker) : `${name} worker CPU: not measurable here`);
    }
  }
  for (const phase of PHASES.filter((p) => p.name !== 'orderrecord')) {
    lines.push(`-- ${phase.label}, with a CPU hog beside the browser (ours)`);
    lines.push(describeSpread('ours     main-thread busy', '%', of(runs, 'hog', phase.name, (r) => r.busyPct)));
    lines.push(`ours     long tasks (> 50 ms) per run: [${of(runs, 'hog', phase.name, (r) => r.longTasks).join(', ')}]`);
    lines.push(describeSpread('ours     longest long task', 'ms', of(runs, 'hog', phase.name, (r) => r.longestTaskMs)));
  }
  for (const phase of MANY_PHASES) {
    lines.push(`-- ${phase.label} (ours)`);
    lines.push(describeSpread('ours     main-thread busy', '%', of(runs, 'many', phase.name, (r) => r.busyPct)));
    lines.push(`ours     long tasks (> 50 ms) per run: [${of(runs, 'many', phase.name, (r) => r.longTasks).join(', ')}]`);
    lines.push(describeSpread('ours     largest message from the worker', 'B', of(runs, 'many', phase.name, (r) => r.maxMessageBytes)));
    lines.push(describeSpread('ours     messages from the worker per window', '', of(runs, 'many', phase.name, (r) => r.messages)));
    const worker = of(runs, 'many', phase.name, (r) => r.workerPct);
    lines.push(worker.length ? describeSpread('ours     worker CPU (unthrottled, % of one core)', '%', worker) : 'ours     worker CPU: not measurable here');
  }
  const overhead = (v: Variant): number[] =>
    runs.map((run) => (run[v].get('xq')?.busyPct ?? Number.NaN) - (run[v].get('xq-chart-alone')?.busyPct ?? Number.NaN));
  lines.push('-- decomposition: /xq with 1,000 open orders minus /xq chart alone, per run');
  lines.push(describeSpread('ours     countdowns over the chart', 'percentage points', overhead('ours')));
  lines.push(describeSpread('baseline countdowns over the chart', 'percentage points', overhead('baseline')));

  const ours = spread(screensBusy(runs, 'ours'));
  const baseline = spread(screensBusy(runs, 'baseline'));
  const check = (ok: boolean): string => (ok ? 'met' : 'NOT met');
  const median = (v: keyof Run, p: PhaseName, pick: (r: PhaseResult) => number | null): number => spread(of(runs, v, p, pick)).median;
  const xqLong = [...of(runs, 'ours', 'xq', (r) => r.longTasks), ...of(runs, 'hog', 'xq', (r) => r.longTasks)];
  const cost = spread(overhead('ours')).median;
  const orderrecord = median('ours', 'orderrecord', (r) => r.busyPct);
  const largest = Math.max(...MANY_PHASES.flatMap((p) => of(runs, 'many', p.name, (r) => r.maxMessageBytes)));
  const workerPct = Math.max(...MANY_PHASES.map((p) => median('many', p.name, (r) => r.workerPct)));
  lines.push('-- targets (ours, medians over runs)');
  lines.push(`/xq with 1,000 orders: 0 long tasks in every run, also with a CPU hog: ${xqLong.reduce((a, b) => a + b, 0)} in all -> ${check(xqLong.every((n) => n === 0))}`);
  lines.push(`/xq: busy <= the chart alone + 1 percentage point: +${formatNumber(cost)} pp -> ${check(cost <= 1)}`);
  lines.push(`/orderrecord with 1,000 orders: <= 4 % busy: ${formatNumber(orderrecord)} % -> ${check(orderrecord <= 4)}`);
  lines.push(`10,000 orders: no message from the worker over 2 KiB: largest ${largest} B -> ${check(largest <= 2048)}`);
  lines.push(`10,000 orders: the worker's CPU <= 2 %: ${formatNumber(workerPct)} % at worst (median per screen) -> ${check(workerPct <= 2)}`);
  lines.push(`>= 5x less main-thread time than the baseline: ${formatNumber(baseline.median / ours.median)}x -> ${check(baseline.median / ours.median >= 5)}`);
  lines.push(describeSpread('ours     /orderrecord and /xq averaged', '%', screensBusy(runs, 'ours')));
  lines.push(describeSpread('baseline /orderrecord and /xq averaged', '%', screensBusy(runs, 'baseline')));
  lines.push(benchLine('main-thread-busy', ours.median, baseline.median, '%'));
  return lines;
}

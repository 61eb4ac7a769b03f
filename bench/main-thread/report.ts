// Turns the runs into lines: per screen and variant min/median/max, the decomposition, the targets, and the one BENCH line.
import { benchLine, describeSpread, formatNumber, spread } from '../stats.ts';
import type { PhaseResult } from './measure.ts';
import { PHASES, type PhaseName, type Variant } from './phases.ts';

export type Run = Record<Variant, Map<PhaseName, PhaseResult>>;

const of = (runs: readonly Run[], v: Variant, p: PhaseName, pick: (r: PhaseResult) => number | null): number[] =>
  runs.flatMap((run) => {
    const r = run[v].get(p);
    const value = r ? pick(r) : null;
    return value === null ? [] : [value];
  });

/** Busy % of the two screens the issue names (/orderrecord and /xq with the orders), averaged per run. */
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
  const overhead = (v: Variant): number[] =>
    runs.map((run) => (run[v].get('xq')?.busyPct ?? Number.NaN) - (run[v].get('xq-chart-alone')?.busyPct ?? Number.NaN));
  lines.push('-- decomposition: /xq with 1,000 open orders minus /xq chart alone, per run');
  lines.push(describeSpread('ours     countdowns over the chart', 'percentage points', overhead('ours')));
  lines.push(describeSpread('baseline countdowns over the chart', 'percentage points', overhead('baseline')));

  const ours = spread(screensBusy(runs, 'ours'));
  const baseline = spread(screensBusy(runs, 'baseline'));
  const worstScreen = Math.max(...PHASES.map((p) => spread(of(runs, 'ours', p.name, (r) => r.busyPct)).median));
  const oursLong = PHASES.reduce((n, p) => n + of(runs, 'ours', p.name, (r) => r.longTasks).reduce((a, b) => a + b, 0), 0);
  const check = (ok: boolean): string => (ok ? 'met' : 'NOT met');
  lines.push('-- targets (ours; medians over runs)');
  lines.push(`busy <= 15 % on every screen: ${formatNumber(worstScreen)} % at worst -> ${check(worstScreen <= 15)}`);
  lines.push(`no long tasks: ${oursLong} in all windows -> ${check(oursLong === 0)}`);
  lines.push(`>= 5x less main-thread time than the baseline: ${formatNumber(baseline.median / ours.median)}x -> ${check(baseline.median / ours.median >= 5)}`);
  const cost = spread(overhead('ours')).median;
  lines.push(`countdowns <= 2 pp over the chart alone: ${formatNumber(cost)} pp -> ${check(cost <= 2)}`);
  lines.push(describeSpread('ours     /orderrecord and /xq averaged', '%', screensBusy(runs, 'ours')));
  lines.push(describeSpread('baseline /orderrecord and /xq averaged', '%', screensBusy(runs, 'baseline')));
  lines.push(benchLine('main-thread-busy', ours.median, baseline.median, '%'));
  return lines;
}

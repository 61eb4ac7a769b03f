// Shared by the Node benchmarks: several runs, min/median/max, and the one BENCH line DEVELOPERS.md asks for.

export interface Spread {
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (i: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, i))] ?? Number.NaN;
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? at(Math.floor(middle)) : (at(middle - 1) + at(middle)) / 2;
  return { min: at(0), median, max: at(sorted.length - 1) };
}

export function formatNumber(value: number): string {
  if (Math.abs(value) >= 1000) return Math.round(value).toString();
  return Number(value.toPrecision(3)).toString();
}

export function describeSpread(label: string, unit: string, values: readonly number[]): string {
  const { min, median, max } = spread(values);
  return `${label}: min ${formatNumber(min)} / median ${formatNumber(median)} / max ${formatNumber(max)} ${unit} (${values.length} runs)`;
}

/** The last line of every benchmark; ours and baseline are medians, ratio is baseline / ours. */
export function benchLine(name: string, ours: number, baseline: number, unit: string): string {
  return `BENCH ${name}: ours ${formatNumber(ours)} ${unit}, baseline ${formatNumber(baseline)} ${unit}, ratio ${formatNumber(baseline / ours)}`;
}

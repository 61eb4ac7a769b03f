import { cents, type Cents } from '../../src/shared/money.ts';

/** Cumulative successful deposits (cents) needed to reach levels 2..9. */
export const LEVEL_THRESHOLDS: readonly Cents[] = [
  100_00n, 500_00n, 1_000_00n, 5_000_00n, 10_000_00n, 50_000_00n, 100_000_00n, 500_000_00n,
].map(cents);

export function levelOf(deposited: Cents): number {
  let level = 1;
  for (const t of LEVEL_THRESHOLDS) if (deposited >= t) level += 1;
  return level;
}

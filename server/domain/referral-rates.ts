import { toPpm } from '../../src/shared/money.ts';

/**
 * Cashback on a settled order's fee for each upline generation: index 0 is the member's own inviter
 * (generation 1), index 8 the ninth generation up. Nothing is paid beyond the ninth.
 */
export const REFERRAL_RATES: readonly string[] = ['0.10', '0.05', '0.03', '0.02', '0.01', '0.005', '0.005', '0.005', '0.005'];
export const REFERRAL_GENERATIONS = REFERRAL_RATES.length;

/** The rate of a generation (1-9) in parts per million; 0 outside the tree. */
export function referralRatePpm(generation: number): bigint {
  const rate = REFERRAL_RATES[generation - 1];
  return rate === undefined ? 0n : toPpm(rate);
}

/**
 * Earnings of an earning product (wealth product or lock-up pledge). The app shows `estimateEarnings` before a
 * member buys, and the server accrues with `dailyProfitCents`, so the estimate and the paid amount cannot drift.
 *
 * Rule: each full day of a holding pays principal × daily rate, rounded down to the cent; a cycle of N days
 * pays N such amounts. Money is bigint cents here and a decimal string ("1250.50") at the edges; never a float.
 */

import { cents, fromCents, mulRateFloor, parseCents, parseRatePpm, type Cents } from './money.ts';

/** One earning day: a holding bought at t pays its k-th day's profit at t + k × DAY_MS. */
export const DAY_MS = 86_400_000;

/** One day's profit, rounded down: the platform never pays a fraction of a cent it cannot account for. */
export function dailyProfitCents(principal: Cents, dailyRatePpm: bigint): Cents {
  if (principal <= 0n || dailyRatePpm <= 0n) return cents(0n);
  return mulRateFloor(principal, dailyRatePpm);
}

/** The profit of a whole cycle: the daily amount paid `cycleDays` times (each day is rounded on its own). */
export function cycleProfitCents(principal: Cents, dailyRatePpm: bigint, cycleDays: number): Cents {
  if (!Number.isSafeInteger(cycleDays) || cycleDays <= 0) return cents(0n);
  return cents(dailyProfitCents(principal, dailyRatePpm) * BigInt(cycleDays));
}

export interface EarningsTerms {
  /** What the member types, e.g. "1000" or "1000.50". */
  readonly amount: string;
  /** The product's daily rate as a decimal string, e.g. "0.0035". */
  readonly dailyRate: string;
  readonly cycleDays: number;
}

export interface EarningsEstimate {
  readonly dailyProfit: string;
  readonly totalProfit: string;
  /** Principal plus total profit: what has come back once the holding completes. */
  readonly atMaturity: string;
}

/** The estimate shown before buying; null while the amount or the terms are not valid. */
export function estimateEarnings(terms: EarningsTerms): EarningsEstimate | null {
  const principal = parseCents(terms.amount);
  const ratePpm = parseRatePpm(terms.dailyRate);
  if (principal === null || ratePpm === null || !Number.isSafeInteger(terms.cycleDays) || terms.cycleDays <= 0) return null;
  const total = cycleProfitCents(principal, ratePpm, terms.cycleDays);
  return {
    dailyProfit: fromCents(dailyProfitCents(principal, ratePpm)),
    totalProfit: fromCents(total),
    atMaturity: fromCents(cents(principal + total)),
  };
}

/**
 * Earnings of an earning product (wealth product or lock-up pledge). The app shows `estimateEarnings` before a
 * member buys, and the server accrues with `dailyProfitCents`, so the estimate and the paid amount cannot drift.
 *
 * Rule: each full day of a holding pays principal × daily rate, rounded down to the cent; a cycle of N days
 * pays N such amounts. Money is bigint cents here and a decimal string ("1250.50") at the edges; never a float.
 */

/** One earning day: a holding bought at t pays its k-th day's profit at t + k × DAY_MS. */
export const DAY_MS = 86_400_000;

const PPM = 1_000_000n;
const AMOUNT = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/;
const RATE = /^(\d{1,6})(?:\.(\d{1,6}))?$/;

/** "12.3" -> 1230n; null for anything that is not a plain non-negative amount with at most 2 decimals. */
export function parseCents(amount: string): bigint | null {
  const m = AMOUNT.exec(amount.trim());
  if (!m) return null;
  return BigInt(m[1] ?? '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** "0.0125" -> 12500n parts per million; null for a rate with more than 6 decimals or not a number. */
export function parseRatePpm(rate: string): bigint | null {
  const m = RATE.exec(rate.trim());
  if (!m) return null;
  return BigInt(m[1] ?? '0') * PPM + BigInt((m[2] ?? '').padEnd(6, '0'));
}

/** 1230n -> "12.30". */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** One day's profit, rounded down: the platform never pays a fraction of a cent it cannot account for. */
export function dailyProfitCents(principal: bigint, dailyRatePpm: bigint): bigint {
  if (principal <= 0n || dailyRatePpm <= 0n) return 0n;
  return (principal * dailyRatePpm) / PPM;
}

/** The profit of a whole cycle: the daily amount paid `cycleDays` times (each day is rounded on its own). */
export function cycleProfitCents(principal: bigint, dailyRatePpm: bigint, cycleDays: number): bigint {
  if (!Number.isSafeInteger(cycleDays) || cycleDays <= 0) return 0n;
  return dailyProfitCents(principal, dailyRatePpm) * BigInt(cycleDays);
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
    dailyProfit: formatCents(dailyProfitCents(principal, ratePpm)),
    totalProfit: formatCents(total),
    atMaturity: formatCents(principal + total),
  };
}

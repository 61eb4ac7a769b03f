import { DAY_MS } from '../../src/shared/earnings.ts';

/** The UTC date of an instant, "YYYY-MM-DD". */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The first millisecond of a UTC date, or null unless it is a real calendar date written YYYY-MM-DD. */
export function dayStart(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  // Date.parse rolls 2026-02-30 over to March; the round trip catches it.
  return Number.isFinite(ms) && utcDay(ms) === day ? ms : null;
}

/** The last millisecond of a UTC date: "accrue through this date" includes everything due on it. */
export const dayEnd = (dayStartMs: number): number => dayStartMs + DAY_MS - 1;

/**
 * Trading hours by session name (products.session). Stocks keep their exchange's hours in its own time zone
 * (so daylight saving is right); forex and metals trade around the clock on weekdays; crypto never closes.
 * Exchange holidays are not modelled.
 */
import { HOUR, MINUTE } from './feed.ts';

export type SessionName = 'always' | 'fx' | 'nyse' | 'hkex';

interface Exchange {
  readonly timeZone: string;
  /** Open ranges in minutes after local midnight, [from, to). */
  readonly ranges: readonly (readonly [number, number])[];
}

const EXCHANGES: Record<'nyse' | 'hkex', Exchange> = {
  nyse: { timeZone: 'America/New_York', ranges: [[9 * 60 + 30, 16 * 60]] },
  // Hong Kong closes for lunch.
  hkex: { timeZone: 'Asia/Hong_Kong', ranges: [[9 * 60 + 30, 12 * 60], [13 * 60, 16 * 60]] },
};

export const isSessionName = (s: string): s is SessionName => s === 'always' || s === 'fx' || s === 'nyse' || s === 'hkex';

const formatters = new Map<string, Intl.DateTimeFormat>();
// Intl is slow (tens of µs a call) and a backfill asks about hundreds of thousands of minutes, but offsets only
// change on whole UTC hours: one Intl call per (zone, hour) is enough. The cache is bounded.
const offsets = new Map<string, number>();

function offsetOf(timeZone: string, t: number): number {
  const hour = Math.floor(t / HOUR) * HOUR;
  const key = `${timeZone}:${hour}`;
  const hit = offsets.get(key);
  if (hit !== undefined) return hit;
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const part: Record<string, number> = {};
  for (const p of f.formatToParts(hour)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  const local = Date.UTC(part['year'] ?? 1970, (part['month'] ?? 1) - 1, part['day'] ?? 1, part['hour'] ?? 0, part['minute'] ?? 0);
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, local - hour);
  return local - hour;
}

/** Weekday (0 = Sunday) and minutes after local midnight in a time zone. */
function localClock(timeZone: string, t: number): { weekday: number; minutes: number } {
  const local = new Date(t + offsetOf(timeZone, t));
  return { weekday: local.getUTCDay(), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

function computeOpen(session: SessionName, t: number): boolean {
  if (session === 'always') return true;
  if (session === 'fx') {
    // Sunday 22:00 UTC (Sydney opens) to Friday 22:00 UTC (New York closes).
    const d = new Date(t);
    const day = d.getUTCDay();
    const hour = d.getUTCHours();
    if (day === 6) return false;
    if (day === 0) return hour >= 22;
    if (day === 5) return hour < 22;
    return true;
  }
  const ex = EXCHANGES[session];
  const { weekday, minutes } = localClock(ex.timeZone, t);
  if (weekday === 0 || weekday === 6) return false;
  return ex.ranges.some(([from, to]) => minutes >= from && minutes < to);
}

export function isOpen(session: SessionName, t: number): boolean {
  return computeOpen(session, t);
}

/** The longest a session stays shut (a weekend, plus margin); past it the search gives up. */
const MAX_CLOSED_MS = 8 * 24 * HOUR;
/** Per session, the last answer and the closed span it holds for: every product/list asks, the answer rarely moves. */
const nextOpenCache = new Map<SessionName, { readonly from: number; readonly next: number }>();

/**
 * When a closed market opens next (epoch ms, on a whole minute: every session opens on one), or null while
 * it is open or never closes. The member's screen shows it in their own time zone.
 */
export function nextOpen(session: SessionName, t: number): number | null {
  if (session === 'always' || computeOpen(session, t)) return null;
  const hit = nextOpenCache.get(session);
  // Closed from `from` until `next`: any time in between has the same answer.
  if (hit && hit.from <= t && t < hit.next) return hit.next;
  for (let m = Math.floor(t / MINUTE) * MINUTE + MINUTE; m <= t + MAX_CLOSED_MS; m += MINUTE) {
    if (computeOpen(session, m)) {
      nextOpenCache.set(session, { from: t, next: m });
      return m;
    }
  }
  return null;
}

/** How many days a year a session trades and for how many minutes each day. */
export const TRADING_DAY: Record<SessionName, { readonly daysPerYear: number; readonly minutesPerDay: number }> = {
  always: { daysPerYear: 365, minutesPerDay: 1440 },
  fx: { daysPerYear: 260, minutesPerDay: 1440 },
  nyse: { daysPerYear: 252, minutesPerDay: 390 },
  hkex: { daysPerYear: 247, minutesPerDay: 330 },
};

/** Seconds a session trades in a year: turns an annual volatility into a per-second one. */
export function tradingSecondsPerYear(session: SessionName): number {
  const { daysPerYear, minutesPerDay } = TRADING_DAY[session];
  return daysPerYear * minutesPerDay * 60;
}

/** What a market poll knows after an answer, to choose when to ask again. */
export interface MarketPace {
  /** Trading now (by its hours, and its feed is live). */
  readonly open: boolean;
  /** While closed by its hours: when it opens next (server time); null when no opening is known. */
  readonly nextOpen: number | null;
  readonly serverTime: number;
  /** Answers in a row that brought nothing new (0: this one did). */
  readonly quiet: number;
}

export interface RestOptions {
  /** The pace while the market moves. */
  readonly baseMs: number;
  /** The slowest pace of an open market that stopped moving. */
  readonly calmMs: number;
  /** The pace of a market closed by its hours (until just after it opens). */
  readonly closedMs: number;
}

/**
 * When to ask a market read again, so markets at rest cost almost nothing: a market closed by its hours is asked
 * every `closedMs`, or just after it opens if that comes sooner; an open market that brought nothing new waits
 * twice as long each time, up to `calmMs`, and is back at `baseMs` with the first answer that moves.
 */
export function restPeriodMs(pace: MarketPace, options: RestOptions): number {
  if (!pace.open && pace.nextOpen !== null) {
    return Math.max(options.baseMs, Math.min(options.closedMs, pace.nextOpen - pace.serverTime));
  }
  return calmPeriodMs(pace.quiet, options.baseMs, options.calmMs);
}

/** After `quiet` answers in a row that brought nothing new: twice as long each time, from `baseMs` up to `calmMs`. */
export const calmPeriodMs = (quiet: number, baseMs: number, calmMs: number): number => Math.min(calmMs, baseMs * 2 ** Math.min(quiet, 16));

// Everything here may cross the worker boundary (structured clone), so it is plain data and typed arrays:
// deltas, not snapshots. Steady-state messages stay under 10 KiB (bench/messages.bench.ts measures them).
import type { IntervalName } from './inputs.ts';

/** A candle as the chart draws it. Prices are numbers because they are display data; money never comes here. */
export interface Candle {
  /** Bar open time, epoch ms (UTC). */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/**
 * What the chart does next: `reset` → setData(bars) (history, interval switch), `append` → update() with a
 * bar newer than the last, `update` → update() of the last bar. Never an older or duplicate bar.
 */
export type CandleDelta =
  | { readonly kind: 'reset'; readonly interval: IntervalName; readonly bars: readonly Candle[] }
  | { readonly kind: 'append'; readonly bar: Candle }
  | { readonly kind: 'update'; readonly bar: Candle };

/** How old one stream's last good data is. */
export interface StalenessReport {
  /** Age of the last good data in ms; before any good data, the time since the stream was watched. */
  readonly ageMs: number;
  readonly stale: boolean;
  /** Scheduler time of the last good data, null before the first. */
  readonly lastGoodAt: number | null;
}

/** What a poll emits: data, or an error as a value so the stream survives and staleness can be shown. */
export type PollState<T> =
  /** `nextInMs`: how long the poll waits before asking again after this answer. */
  | { readonly kind: 'data'; readonly value: T; readonly at: number; readonly nextInMs: number }
  | {
      readonly kind: 'error';
      readonly error: unknown;
      readonly at: number;
      /** Consecutive failures so far, 1 for the first. */
      readonly attempt: number;
      readonly retryInMs: number;
      readonly lastDataAt: number | null;
    };

/** Clock offset estimate: serverNow = clientNow + offsetMs. */
export interface ClockEstimate {
  readonly offsetMs: number;
  /** Round trip of the sample the estimate rests on; the estimate is within ±rttMs/2. */
  readonly rttMs: number;
  /** Samples in the window the estimate was picked from. */
  readonly samples: number;
}

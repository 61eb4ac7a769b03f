import { Observable, type OperatorFunction } from 'rxjs';
import type { IntervalName, KdataBatch, WireBar } from './inputs.ts';
import type { Candle, CandleDelta } from './messages.ts';
import { parseBar, sameCandle } from './parse-bar.ts';

const DEFAULT_MAX_BARS = 1500;

export interface MergeBarsOptions {
  /** Most bars kept (and sent in a reset); the oldest go first. Default 1500. */
  readonly maxBars?: number;
  /**
   * Appends allowed beyond maxBars before the chart is trimmed with a reset of the newest maxBars, so the
   * chart's own data stays bounded too. Default maxBars / 10 (a 1m chart trims every 2.5 h).
   */
  readonly trimSlack?: number;
}

/**
 * Folds kdata responses into a bounded, time-ordered buffer and emits what the chart must do:
 * - a full-history response (no `since`), or a response for another interval → `reset` with its bars
 *   (sorted, one per time, the newest maxBars);
 * - an incremental response → per bar: newer than the last → `append`; same time and changed → `update`;
 *   same and unchanged → nothing; older than the last → dropped (the chart cannot take it);
 * - when the chart has been sent more than maxBars + trimSlack bars since the last reset → `reset` with the
 *   newest maxBars, which keeps the chart's memory bounded on a page left open for days.
 */
export function mergeBars(options: MergeBarsOptions = {}): OperatorFunction<KdataBatch, CandleDelta> {
  const maxBars = options.maxBars ?? DEFAULT_MAX_BARS;
  const trimSlack = options.trimSlack ?? Math.ceil(maxBars / 10);
  return (source) =>
    new Observable<CandleDelta>((subscriber) => {
      let interval: IntervalName | null = null;
      const buffer: Candle[] = [];
      /** Bars the chart holds: what the last reset sent plus the appends since. */
      let drawn = 0;
      const reset = (to: IntervalName): void => {
        drawn = buffer.length;
        subscriber.next({ kind: 'reset', interval: to, bars: buffer.slice() });
      };

      const mergeOne = (candle: Candle): void => {
        const last = buffer[buffer.length - 1];
        if (last === undefined || candle.time > last.time) {
          buffer.push(candle);
          if (buffer.length > maxBars) buffer.shift();
          drawn += 1;
          if (drawn > maxBars + trimSlack && interval !== null) reset(interval);
          else subscriber.next({ kind: 'append', bar: candle });
        } else if (candle.time === last.time && !sameCandle(candle, last)) {
          buffer[buffer.length - 1] = candle;
          subscriber.next({ kind: 'update', bar: candle });
        }
      };

      return source.subscribe({
        next: (batch) => {
          if (batch.since === undefined || batch.interval !== interval) {
            interval = batch.interval;
            buffer.length = 0;
            buffer.push(...historyOf(batch.bars, maxBars));
            reset(interval);
            return;
          }
          for (const wire of batch.bars) {
            const candle = parseBar(wire);
            if (candle) mergeOne(candle);
          }
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

/** History as the chart needs it: parsed, ascending, one bar per time (the later one wins), newest maxBars. */
function historyOf(wireBars: readonly WireBar[], maxBars: number): Candle[] {
  const parsed: Candle[] = [];
  let sorted = true;
  for (const wire of wireBars) {
    const candle = parseBar(wire);
    if (!candle) continue;
    const previous = parsed[parsed.length - 1];
    if (previous !== undefined && candle.time < previous.time) sorted = false;
    parsed.push(candle);
  }
  // A stable sort keeps the later of two same-time bars after the earlier one.
  if (!sorted) parsed.sort((a, b) => a.time - b.time);
  const unique: Candle[] = [];
  for (const candle of parsed) {
    const last = unique[unique.length - 1];
    if (last !== undefined && last.time === candle.time) unique[unique.length - 1] = candle;
    else unique.push(candle);
  }
  return unique.length > maxBars ? unique.slice(unique.length - maxBars) : unique;
}

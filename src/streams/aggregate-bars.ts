import { Observable, type OperatorFunction } from 'rxjs';
import type { IntervalName } from './inputs.ts';
import { bucketStart, INTERVAL_MS } from '../contract/intervals.ts';
import type { Candle, CandleDelta } from './messages.ts';
import { sameCandle } from './parse-bar.ts';
import { DEFAULT_MAX_BARS } from './merge-bars.ts';

export interface AggregateBarsOptions {
  /** Most aggregated bars sent in a reset. Default 1500. */
  readonly maxBars?: number;
}

/**
 * Aggregates finer candle deltas (normally 1m, from mergeBars) into `target` bars in UTC-aligned buckets:
 * open of the first, highest high, lowest low, close of the last, summed volume. Emits the same delta
 * kinds. Each bucket is kept as "the closed part" plus "the current source bar", so an update of the
 * current source bar is exact in O(1) instead of re-folding the bucket.
 * A reset of an interval that does not divide `target` is a wiring mistake and errors the stream.
 */
export function aggregateBars(
  target: IntervalName,
  options: AggregateBarsOptions = {},
): OperatorFunction<CandleDelta, CandleDelta> {
  const bucketMs = INTERVAL_MS[target];
  const maxBars = options.maxBars ?? DEFAULT_MAX_BARS;
  return (source) =>
    new Observable<CandleDelta>((subscriber) => {
      /** The closed source bars of the current bucket, folded; null when the current bar is the first. */
      let closedPart: Candle | null = null;
      let current: Candle | null = null;
      let currentBucket = 0;
      let emitted: Candle | null = null;

      const emitCurrent = (kind: 'append' | 'update'): void => {
        if (current === null) return;
        const bar = foldInto(closedPart, current, currentBucket);
        if (kind === 'update' && emitted !== null && sameCandle(bar, emitted)) return;
        emitted = bar;
        subscriber.next({ kind, bar });
      };

      const take = (bar: Candle): void => {
        if (current === null) {
          current = bar;
          currentBucket = bucketStart(bar.time, bucketMs);
          emitCurrent('append');
          return;
        }
        if (bar.time === current.time) {
          current = bar;
          emitCurrent('update');
          return;
        }
        if (bar.time < current.time) return;
        const bucket = bucketStart(bar.time, bucketMs);
        if (bucket === currentBucket) {
          closedPart = foldInto(closedPart, current, bucket);
          current = bar;
          emitCurrent('update');
        } else {
          closedPart = null;
          current = bar;
          currentBucket = bucket;
          emitCurrent('append');
        }
      };

      return source.subscribe({
        next: (delta) => {
          if (delta.kind !== 'reset') {
            take(delta.bar);
            return;
          }
          if (bucketMs % INTERVAL_MS[delta.interval] !== 0 || INTERVAL_MS[delta.interval] > bucketMs) {
            subscriber.error(new RangeError(`aggregateBars: cannot build ${target} from ${delta.interval}`));
            return;
          }
          const bars: Candle[] = [];
          closedPart = null;
          current = null;
          for (const bar of delta.bars) {
            const bucket = bucketStart(bar.time, bucketMs);
            if (current !== null && bar.time <= current.time) continue;
            if (current !== null && bucket === bucketStart(current.time, bucketMs)) {
              closedPart = foldInto(closedPart, current, bucket);
            } else {
              if (current !== null) bars.push(foldInto(closedPart, current, bucketStart(current.time, bucketMs)));
              closedPart = null;
            }
            current = bar;
          }
          if (current !== null) {
            currentBucket = bucketStart(current.time, bucketMs);
            bars.push(foldInto(closedPart, current, currentBucket));
          }
          emitted = bars[bars.length - 1] ?? null;
          subscriber.next({
            kind: 'reset',
            interval: target,
            bars: bars.length > maxBars ? bars.slice(bars.length - maxBars) : bars,
          });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

function foldInto(part: Candle | null, bar: Candle, time: number): Candle {
  if (part === null) {
    return { time, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume };
  }
  return {
    time,
    open: part.open,
    high: Math.max(part.high, bar.high),
    low: Math.min(part.low, bar.low),
    close: bar.close,
    volume: part.volume + bar.volume,
  };
}

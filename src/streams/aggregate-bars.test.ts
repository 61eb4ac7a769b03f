import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { aggregateBars } from './aggregate-bars.ts';
import type { Candle, CandleDelta } from './messages.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const M = 60_000;
const bar = (time: number, open: number, high: number, low: number, close: number, volume: number): Candle => ({
  time,
  open,
  high,
  low,
  close,
  volume,
});
const DAY = 86_400_000;

describe('aggregateBars', () => {
  it('folds 1m history into UTC-aligned 5m buckets: first open, max high, min low, last close, summed volume', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const deltas = cold<CandleDelta>('r', {
        r: {
          kind: 'reset',
          interval: '1m',
          bars: [
            bar(3 * M, 10, 12, 9, 11, 1),
            bar(4 * M, 11, 15, 10, 14, 2),
            bar(5 * M, 14, 14, 8, 9, 3),
            bar(6 * M, 9, 10, 7, 10, 4),
            bar(9 * M, 10, 11, 10, 11, 5),
            bar(10 * M, 11, 11, 11, 11, 6),
          ],
        },
      });
      expectObservable(deltas.pipe(aggregateBars('5m'))).toBe('a', {
        a: {
          kind: 'reset',
          interval: '5m',
          bars: [bar(0, 10, 15, 9, 14, 3), bar(5 * M, 14, 14, 7, 11, 12), bar(10 * M, 11, 11, 11, 11, 6)],
        },
      });
    });
  });

  it('updates the open bucket exactly when its last minute changes, and appends when a bucket opens', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const deltas = cold<CandleDelta>('r-u-a-v-n', {
        r: { kind: 'reset', interval: '1m', bars: [bar(0, 10, 12, 9, 11, 1)] },
        // The current minute's high drops back (a correction): the bucket must follow, not keep the old max.
        u: { kind: 'update', bar: bar(0, 10, 11, 9, 10, 2) },
        a: { kind: 'append', bar: bar(1 * M, 10, 13, 10, 12, 1) },
        v: { kind: 'update', bar: bar(1 * M, 10, 13, 10, 12, 1) },
        n: { kind: 'append', bar: bar(5 * M, 12, 12, 12, 12, 7) },
      });
      expectObservable(deltas.pipe(aggregateBars('5m'))).toBe('a-b-c---d', {
        a: { kind: 'reset', interval: '5m', bars: [bar(0, 10, 12, 9, 11, 1)] },
        b: { kind: 'update', bar: bar(0, 10, 11, 9, 10, 2) },
        c: { kind: 'update', bar: bar(0, 10, 13, 9, 12, 3) },
        // v changed nothing, so nothing is sent.
        d: { kind: 'append', bar: bar(5 * M, 12, 12, 12, 12, 7) },
      });
    });
  });

  it('aligns 4h and 1d buckets to UTC midnight', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const t = 20 * DAY + 5 * 3_600_000 + 17 * M; // 05:17 UTC on day 20
      const deltas = cold<CandleDelta>('r-a', {
        r: { kind: 'reset', interval: '1m', bars: [bar(t, 1, 2, 1, 2, 1)] },
        a: { kind: 'append', bar: bar(21 * DAY + M, 3, 3, 3, 3, 1) },
      });
      expectObservable(deltas.pipe(aggregateBars('4h'))).toBe('a-b', {
        a: { kind: 'reset', interval: '4h', bars: [bar(20 * DAY + 4 * 3_600_000, 1, 2, 1, 2, 1)] },
        b: { kind: 'append', bar: bar(21 * DAY, 3, 3, 3, 3, 1) },
      });
      expectObservable(deltas.pipe(aggregateBars('1d'))).toBe('a-b', {
        a: { kind: 'reset', interval: '1d', bars: [bar(20 * DAY, 1, 2, 1, 2, 1)] },
        b: { kind: 'append', bar: bar(21 * DAY, 3, 3, 3, 3, 1) },
      });
    });
  });

  it('ignores source bars older than the current one', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const deltas = cold<CandleDelta>('r-o', {
        r: { kind: 'reset', interval: '1m', bars: [bar(6 * M, 1, 1, 1, 1, 1)] },
        o: { kind: 'append', bar: bar(1 * M, 9, 9, 9, 9, 9) },
      });
      expectObservable(deltas.pipe(aggregateBars('5m'))).toBe('a', {
        a: { kind: 'reset', interval: '5m', bars: [bar(5 * M, 1, 1, 1, 1, 1)] },
      });
    });
  });

  it('keeps at most maxBars in a reset', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const deltas = cold<CandleDelta>('r', {
        r: { kind: 'reset', interval: '1m', bars: [0, 5, 10, 15].map((m) => bar(m * M, m, m, m, m, 1)) },
      });
      expectObservable(deltas.pipe(aggregateBars('5m', { maxBars: 2 }))).toBe('a', {
        a: { kind: 'reset', interval: '5m', bars: [bar(10 * M, 10, 10, 10, 10, 1), bar(15 * M, 15, 15, 15, 15, 1)] },
      });
    });
  });

  it('errors on a source interval that does not divide the target', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const deltas = cold<CandleDelta>('r', { r: { kind: 'reset', interval: '1h', bars: [] } });
      expectObservable(deltas.pipe(aggregateBars('5m'))).toBe(
        '#',
        undefined,
        new RangeError('aggregateBars: cannot build 5m from 1h'),
      );
    });
  });
});

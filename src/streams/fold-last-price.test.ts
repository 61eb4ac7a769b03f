import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { foldLastPrice } from './fold-last-price.ts';
import type { TurnoverSample, WireTrade } from './inputs.ts';
import type { Candle, CandleDelta } from './messages.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const M = 60_000;
const bar = (time: number, open: number, high: number, low: number, close: number, volume = 5): Candle => ({
  time,
  open,
  high,
  low,
  close,
  volume,
});
const trade = (time: number, price: number): WireTrade => [time, String(price), '1', 'rise'];
const sample = (serverTime: number, price: number, trades: WireTrade[]): TurnoverSample => ({
  price: String(price),
  trades,
  serverTime,
});
const reset: CandleDelta = { kind: 'reset', interval: '1m', bars: [bar(0, 10, 12, 9, 11)] };

describe('foldLastPrice', () => {
  it('moves high, low and close of the last bar with new trades, one update per sample', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      const kdata = cold<CandleDelta>('r', { r: reset });
      const turnover = hot<TurnoverSample>('-a-b', {
        a: sample(20_000, 8, [trade(10_000, 13), trade(15_000, 8)]),
        // The same trades again plus one newer: only the new one moves the bar.
        b: sample(30_000, 12, [trade(10_000, 13), trade(15_000, 8), trade(25_000, 12)]),
      });
      expectObservable(kdata.pipe(foldLastPrice(turnover))).toBe('ra-b', {
        r: reset,
        a: { kind: 'update', bar: bar(0, 10, 13, 8, 8) },
        b: { kind: 'update', bar: bar(0, 10, 13, 8, 12) },
      });
    });
  });

  it('ignores trades older than the last bar and anything before the first reset', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      const kdata = cold<CandleDelta>('-r', { r: { kind: 'reset', interval: '1m', bars: [bar(5 * M, 10, 10, 10, 10)] } });
      const turnover = hot<TurnoverSample>('a-b', {
        a: sample(5 * M + 1, 99, [trade(5 * M + 1, 99)]),
        b: sample(5 * M + 2, 10, [trade(4 * M, 1)]),
      });
      expectObservable(kdata.pipe(foldLastPrice(turnover))).toBe('-r', {
        r: { kind: 'reset', interval: '1m', bars: [bar(5 * M, 10, 10, 10, 10)] },
      });
    });
  });

  it('opens a new bar for a trade in a later bucket, never one earlier than the last', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      const kdata = cold<CandleDelta>('r', { r: reset });
      const turnover = hot<TurnoverSample>('-a', {
        a: sample(2 * M + 5000, 14, [trade(50_000, 12), trade(2 * M + 3000, 15), trade(2 * M + 4000, 14)]),
      });
      expectObservable(kdata.pipe(foldLastPrice(turnover))).toBe('r(ab)', {
        r: reset,
        a: { kind: 'update', bar: bar(0, 10, 12, 9, 12) },
        b: { kind: 'append', bar: bar(2 * M, 15, 15, 14, 14, 0) },
      });
    });
  });

  it('folds the last price into the last bar only while serverTime is inside it', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      const kdata = cold<CandleDelta>('r', { r: reset });
      const turnover = hot<TurnoverSample>('-a-b', {
        a: sample(30_000, 7, []),
        // A closed market still quotes a price after the bar: no new bar, no change.
        b: sample(5 * M, 20, []),
      });
      expectObservable(kdata.pipe(foldLastPrice(turnover))).toBe('ra', {
        r: reset,
        a: { kind: 'update', bar: bar(0, 10, 12, 7, 7) },
      });
    });
  });

  it('keeps kdata deltas in order after a trade opened a newer bar', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      const kdata = cold<CandleDelta>('r--uv', {
        r: reset,
        // kdata lags: an update of minute 0 after trades opened minute 1 would be older than the drawn bar.
        u: { kind: 'update', bar: bar(0, 10, 12, 9, 10) },
        v: { kind: 'append', bar: bar(M, 11, 12, 10, 12, 9) },
      });
      const turnover = hot<TurnoverSample>('-a', { a: sample(M + 2000, 11, [trade(M + 1000, 11)]) });
      expectObservable(kdata.pipe(foldLastPrice(turnover))).toBe('ra--v', {
        r: reset,
        a: { kind: 'append', bar: bar(M, 11, 11, 11, 11, 0) },
        // kdata's bar for the minute already drawn becomes an update; the bar is live and the tick stream's,
        // so kdata widens high/low and brings the volume, and the close stays the last tick's.
        v: { kind: 'update', bar: bar(M, 11, 12, 10, 11, 9) },
      });
    });
  });

  it('one writer per live bar: a kdata answer read before the last tick cannot take the close back', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      const kdata = cold<CandleDelta>('r-k', {
        r: reset,
        // kdata's view of the live bar 0, read before the tick at 25 s: close 11, but it saw a high of 14.
        k: { kind: 'update', bar: bar(0, 10, 14, 9, 11, 40) },
      });
      const turnover = hot<TurnoverSample>('-a', { a: sample(30_000, 12, [trade(25_000, 12)]) });
      expectObservable(kdata.pipe(foldLastPrice(turnover))).toBe('ra(k)', {
        r: reset,
        a: { kind: 'update', bar: bar(0, 10, 12, 9, 12) },
        // High widened and volume from kdata; the close stays 12.
        k: { kind: 'update', bar: bar(0, 10, 14, 9, 12, 40) },
      });
    });
  });

  it('a closed bar is kdata\'s: its final values replace what the ticks folded', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      const kdata = cold<CandleDelta>('r--k', { r: reset, k: { kind: 'update', bar: bar(0, 10, 13, 9, 11.5, 40) } });
      // A tick moves bar 0, then a sample after its end (server time 61 s) says it is closed.
      const turnover = hot<TurnoverSample>('-ab', { a: sample(30_000, 12, [trade(25_000, 12)]), b: sample(61_000, 12, []) });
      expectObservable(kdata.pipe(foldLastPrice(turnover))).toBe('ra-k', {
        r: reset,
        a: { kind: 'update', bar: bar(0, 10, 12, 9, 12) },
        k: { kind: 'update', bar: bar(0, 10, 13, 9, 11.5, 40) },
      });
    });
  });
});

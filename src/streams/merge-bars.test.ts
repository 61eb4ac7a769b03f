import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { KdataBatch, WireBar } from './inputs.ts';
import { mergeBars } from './merge-bars.ts';
import type { Candle, CandleDelta } from './messages.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const M = 60_000;
/** A wire bar at minute m with close c (open 10, high max(10,c)+1, low min(10,c)-1, volume 5). */
const wire = (m: number, c: number, volume = 5): WireBar => [
  m * M,
  '10',
  String(Math.max(10, c) + 1),
  String(Math.min(10, c) - 1),
  String(c),
  String(volume),
];
const candle = (m: number, c: number, volume = 5): Candle => ({
  time: m * M,
  open: 10,
  high: Math.max(10, c) + 1,
  low: Math.min(10, c) - 1,
  close: c,
  volume,
});
const history = (bars: WireBar[], interval: KdataBatch['interval'] = '1m'): KdataBatch => ({ interval, bars });
const since = (from: number, bars: WireBar[], interval: KdataBatch['interval'] = '1m'): KdataBatch => ({
  interval,
  bars,
  since: from * M,
});

describe('mergeBars', () => {
  it('resets once with the history, then appends new bars and updates the last one', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const batches = cold<KdataBatch>('h-i---j', {
        h: history([wire(1, 11), wire(2, 12)]),
        i: since(2, [wire(2, 13), wire(3, 9)]),
        j: since(3, [wire(3, 8)]),
      });
      expectObservable(batches.pipe(mergeBars())).toBe('a-(bc)d', {
        a: { kind: 'reset', interval: '1m', bars: [candle(1, 11), candle(2, 12)] },
        b: { kind: 'update', bar: candle(2, 13) },
        c: { kind: 'append', bar: candle(3, 9) },
        d: { kind: 'update', bar: candle(3, 8) },
      } satisfies Record<string, CandleDelta>);
    });
  });

  it('sends nothing for an unchanged last bar (the common quiet poll)', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const batches = cold<KdataBatch>('h-i-i', { h: history([wire(1, 11)]), i: since(1, [wire(1, 11)]) });
      expectObservable(batches.pipe(mergeBars())).toBe('a', {
        a: { kind: 'reset', interval: '1m', bars: [candle(1, 11)] },
      });
    });
  });

  it('drops bars older than the last one and duplicates, so the chart never sees them', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const batches = cold<KdataBatch>('h-i', {
        h: history([wire(5, 11)]),
        // A stale cursor: minutes 3 and 4 are older than the last bar; minute 6 arrives twice.
        i: since(3, [wire(3, 1), wire(4, 2), wire(5, 11), wire(6, 12), wire(6, 12), wire(4, 3)]),
      });
      expectObservable(batches.pipe(mergeBars())).toBe('a-b', {
        a: { kind: 'reset', interval: '1m', bars: [candle(5, 11)] },
        b: { kind: 'append', bar: candle(6, 12) },
      });
    });
  });

  it('sorts and de-duplicates the history, refusing non-numeric bars', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const broken: WireBar = [4 * M, 'x', '1', '1', '1', '1'];
      const batches = cold<KdataBatch>('h', { h: history([wire(3, 13), wire(1, 11), broken, wire(3, 14), wire(2, 12)]) });
      expectObservable(batches.pipe(mergeBars())).toBe('a', {
        a: { kind: 'reset', interval: '1m', bars: [candle(1, 11), candle(2, 12), candle(3, 14)] },
      });
    });
  });

  it('resets on an interval switch and on a new full history, even one that goes back in time', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const batches = cold<KdataBatch>('h-f-g-i', {
        h: history([wire(10, 11)]),
        f: since(0, [wire(0, 20), wire(5, 21)], '5m'),
        g: history([wire(2, 30)]),
        i: since(2, [wire(3, 31)]),
      });
      expectObservable(batches.pipe(mergeBars())).toBe('a-b-c-d', {
        a: { kind: 'reset', interval: '1m', bars: [candle(10, 11)] },
        b: { kind: 'reset', interval: '5m', bars: [candle(0, 20), candle(5, 21)] },
        c: { kind: 'reset', interval: '1m', bars: [candle(2, 30)] },
        d: { kind: 'append', bar: candle(3, 31) },
      });
    });
  });

  it('keeps the newest maxBars and trims the chart with a reset once it holds maxBars + trimSlack', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const batches = cold<KdataBatch>('h-i-j', {
        h: history([wire(1, 1), wire(2, 2), wire(3, 3), wire(4, 4)]),
        i: since(4, [wire(5, 5)]),
        j: since(5, [wire(6, 6)]),
      });
      expectObservable(batches.pipe(mergeBars({ maxBars: 3, trimSlack: 1 }))).toBe('a-b-c', {
        a: { kind: 'reset', interval: '1m', bars: [candle(2, 2), candle(3, 3), candle(4, 4)] },
        b: { kind: 'append', bar: candle(5, 5) },
        // The chart would hold 5 > 3 + 1 bars: it gets the newest 3 instead of an append.
        c: { kind: 'reset', interval: '1m', bars: [candle(4, 4), candle(5, 5), candle(6, 6)] },
      });
    });
  });

  it('treats a first incremental result as the history (nothing to merge into yet)', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const batches = cold<KdataBatch>('i-j', { i: since(1, [wire(1, 11)]), j: since(1, [wire(2, 12)]) });
      expectObservable(batches.pipe(mergeBars())).toBe('a-b', {
        a: { kind: 'reset', interval: '1m', bars: [candle(1, 11)] },
        b: { kind: 'append', bar: candle(2, 12) },
      });
    });
  });
});

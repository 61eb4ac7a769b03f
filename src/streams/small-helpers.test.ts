import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff-delay.ts';
import { bucketStart, INTERVAL_MS } from '../contract/intervals.ts';
import { parseBar } from './parse-bar.ts';
import { shareByKey } from './share-by-key.ts';

describe('backoffDelay', () => {
  it('doubles from initialMs up to the cap, and jitter only ever shortens it by at most the jitter share', () => {
    const none = (): number => 0;
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, none, { initialMs: 1_000, maxMs: 10_000 }))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
    expect(backoffDelay(3, () => 1, { initialMs: 1_000, jitter: 0.5 })).toBe(2_000);
    expect(backoffDelay(3, () => 0.5, { initialMs: 1_000, jitter: 0.5 })).toBe(3_000);
    expect(backoffDelay(80, none)).toBe(30_000);
  });
});

describe('bucketStart', () => {
  it('aligns to UTC buckets, also before the epoch', () => {
    expect(bucketStart(Date.UTC(2026, 0, 2, 5, 17, 30), INTERVAL_MS['4h'])).toBe(Date.UTC(2026, 0, 2, 4));
    expect(bucketStart(Date.UTC(2026, 0, 2, 23, 59), INTERVAL_MS['1d'])).toBe(Date.UTC(2026, 0, 2));
    expect(bucketStart(-1, INTERVAL_MS['1m'])).toBe(-60_000);
  });
});

describe('parseBar', () => {
  it('parses decimal strings once and refuses non-numeric bars', () => {
    expect(parseBar([60_000, '1.5', '2.25', '1.125', '2', '1000.5'])).toEqual({
      time: 60_000,
      open: 1.5,
      high: 2.25,
      low: 1.125,
      close: 2,
      volume: 1000.5,
    });
    expect(parseBar([60_000, '1.5', 'NaN', '1', '2', '3'])).toBeNull();
  });
});

describe('shareByKey', () => {
  it('hands out one stream per key and drops the entry when its last subscriber leaves', () => {
    new TestScheduler((a, e) => expect(a).toEqual(e)).run(({ cold, expectObservable, flush }) => {
      const values = { a: 1, b: 2, c: 3 };
      const source = cold('a-b-c', values);
      let created = 0;
      const get = shareByKey<number>();
      const make = (): typeof source => {
        created += 1;
        return source;
      };
      expectObservable(get('kdata:1', make), '^--!').toBe('a-b', values);
      expectObservable(get('kdata:1', make), '-^-!').toBe('-ab', values);
      expectObservable(get('kdata:2', make), '^!').toBe('a', values);
      flush();
      // One source subscription for key 1 despite two subscribers; key 2 had its own.
      expect(source.subscriptions.map((log) => [log.subscribedFrame, log.unsubscribedFrame])).toEqual([
        [0, 3],
        [0, 1],
      ]);
      expect(created).toBe(2);
      // Key 1 was released: asking again creates afresh.
      get('kdata:1', make).subscribe().unsubscribe();
      expect(created).toBe(3);
    });
  });
});

import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { StalenessReport } from './messages.ts';
import { staleness } from './staleness.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const report = (ageMs: number, stale: boolean, lastGoodAt: number | null): StalenessReport => ({ ageMs, stale, lastGoodAt });

describe('staleness', () => {
  it('reports the age every tick, resets on good data, and turns stale exactly at the threshold', () => {
    newScheduler().run(({ hot, expectObservable }) => {
      // 'e' is not good data (a poll error): it must not make the stream look fresh.
      const source = hot('1500ms g 499ms e', { g: 'data', e: 'error' });
      const ages = staleness(source, 2_500, { isGood: (v) => v === 'data' });
      expectObservable(ages, '^ 4999ms !').toBe('a 999ms b 499ms c 999ms d 999ms e 499ms f 499ms g', {
        a: report(0, false, null),
        b: report(1_000, false, null),
        c: report(0, false, 1_500),
        d: report(1_000, false, 1_500),
        e: report(2_000, false, 1_500),
        f: report(2_500, true, 1_500),
        g: report(3_000, true, 1_500),
      });
    });
  });

  it('counts from subscription before any good data, and keeps ageing after the source errors', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const source = cold('100ms #');
      expectObservable(staleness(source, 300, { tickMs: 0 }), '^ 1000ms !').toBe('a 299ms b', {
        a: report(0, false, null),
        b: report(300, true, null),
      });
    });
  });

  it('takes each good value\'s own threshold: a poll that will wait longer is not stale meanwhile', () => {
    newScheduler().run(({ hot, expectObservable }) => {
      // The first answer says "next in a long while" (threshold 600), the second "soon" (threshold 200).
      const source = hot('100ms l 699ms s', { l: 600, s: 200 });
      expectObservable(staleness(source, 300, { tickMs: 0, thresholdOf: (v) => v }), '^ 1100ms !').toBe('a 99ms b 599ms c 99ms d 199ms e', {
        a: report(0, false, null),
        b: report(0, false, 100),
        c: report(600, true, 100),
        d: report(0, false, 800),
        e: report(200, true, 800),
      });
    });
  });

  it('with tickMs 0 emits only on good data and at the crossing', () => {
    newScheduler().run(({ hot, expectObservable }) => {
      const source = hot('100ms g 99ms g', { g: 1 });
      expectObservable(staleness(source, 500, { tickMs: 0 }), '^ 1000ms !').toBe('a 99ms b 99ms c 499ms d', {
        a: report(0, false, null),
        b: report(0, false, 100),
        c: report(0, false, 200),
        d: report(500, true, 200),
      });
    });
  });
});

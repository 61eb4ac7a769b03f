import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { holdListNeeded } from './hold-list-needed.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('holdListNeeded', () => {
  it('reads while no cursor stands or the store holds open orders, and says so only when that flips', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      // No cursor at first; the first answer sets one (with no open order: not needed); an order opens, then
      // settles; the counts disagree (no cursor): needed again.
      const cursor$ = hot<number | undefined>('u 9ms c 29ms - 9ms u', { u: undefined, c: 5 });
      const open$ = hot<number>('           0 19ms 1 9ms 0 9ms 2', { 0: 0, 1: 1, 2: 2 });
      expectObservable(holdListNeeded(cursor$, open$, scheduler)).toBe('t 9ms f 9ms t 9ms f 9ms t', { t: true, f: false });
    });
  });

  it('decides once the change that moved it is done, from the values then: no flip and back within one moment', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      // The first answer sets the cursor (alone it would say "not needed") and its rows bring an open order in the
      // same moment: still needed, and nothing is sent.
      const cursor$ = hot<number | undefined>('u 4ms c', { u: undefined, c: 5 });
      const open$ = hot<number>('           0 4ms 1', { 0: 0, 1: 1 });
      expectObservable(holdListNeeded(cursor$, open$, scheduler)).toBe('t', { t: true });
    });
  });
});

import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { collectSettled } from './collect-settled.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
interface R {
  readonly id: number;
  readonly profit: string;
}
const o = (id: number, profit = '1.00'): R => ({ id, profit });

describe('collectSettled', () => {
  it('collapses results that land within the window into one batch, at the end of the window', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const settled$ = cold('a 99ms b 99ms c', { a: [o(1)], b: [o(2), o(3)], c: [o(4)] });
      // 1, 2, 3 within 150 ms of the first; 4 opens a window of its own.
      expectObservable(settled$.pipe(collectSettled(150))).toBe('150ms x 49ms - 149ms y', { x: [o(1), o(2), o(3)], y: [o(4)] });
    });
  });

  it('keeps each order once, with its latest row, and ignores empty batches', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const settled$ = cold<readonly R[]>('a 9ms b 9ms c', { a: [o(1, '1.00')], b: [], c: [o(1, '2.00')] });
      expectObservable(settled$.pipe(collectSettled(100))).toBe('100ms x', { x: [o(1, '2.00')] });
    });
  });

  it('sends nothing while nothing settles, and flushes what is pending when the source ends', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold<readonly R[]>('----|').pipe(collectSettled(100))).toBe('----|');
      expectObservable(cold('a-|', { a: [o(5)] }).pipe(collectSettled(100))).toBe('--(x|)', { x: [o(5)] });
    });
  });
});

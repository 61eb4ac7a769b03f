import { type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { chaseResults, dueIds, type ResultsAnswer } from './due-orders.ts';
import type { OpenOrder } from './inputs.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('dueIds', () => {
  it('fires each order at its own settle instant on the server clock, once, with one timer and no ticks', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      // The server is 10 minutes ahead of this clock.
      const S = 600_000;
      const offset$ = cold('o', { o: S });
      const open$ = cold<readonly OpenOrder[]>('l 2999ms m', {
        l: [
          { id: 1, settleTime: S + 1_253 },
          { id: 2, settleTime: S + 1_253 },
          { id: 3, settleTime: S + 2_700 },
        ],
        // The list comes again with 3 still open (not settled yet): it is not reported twice.
        m: [{ id: 3, settleTime: S + 2_700 }],
      });
      expectObservable(dueIds(open$, offset$), '^ 6000ms !').toBe('1253ms a 1446ms b', { a: [1, 2], b: [3] });
    });
  });

  it('reports at once an order that is already due when it arrives, and follows a change of the offset', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      const offset$ = hot('o 99ms p', { o: 0, p: 500 });
      const open$ = cold<readonly OpenOrder[]>('l', { l: [{ id: 7, settleTime: -5 }, { id: 8, settleTime: 1_000 }] });
      // At 100 ms the server clock jumps to 600: 8 is due at 1000 server = 500 here.
      expectObservable(dueIds(open$, offset$), '^ 2000ms !').toBe('a 499ms b', { a: [7], b: [8] });
    });
  });
});

interface R {
  readonly id: number;
  readonly status: string;
}

describe('chaseResults', () => {
  it('asks by id, asks again only for the ones still open, and stops after maxTries', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      const asked: (readonly number[])[] = [];
      const answers: ResultsAnswer<R>[] = [
        { orders: [{ id: 1, status: 'won' }, { id: 2, status: 'open' }], at: 10 },
        { orders: [{ id: 2, status: 'open' }], at: 20 },
        { orders: [{ id: 2, status: 'open' }], at: 30 },
      ];
      const fetch = (ids: readonly number[]): Observable<ResultsAnswer<R>> => {
        const answer = answers[asked.length];
        asked.push(ids);
        return cold('10ms (a|)', { a: answer ?? { orders: [], at: 0 } });
      };
      const due$ = hot<readonly number[]>('d', { d: [1, 2] });
      expectObservable(due$.pipe(chaseResults(fetch, { retryMs: 250, maxTries: 3 })), '^ 3000ms !').toBe('10ms a 259ms b 259ms c', {
        a: { ids: [1, 2], ...answers[0] },
        b: { ids: [2], ...answers[1] },
        c: { ids: [2], ...answers[2] },
      });
    });
  });

  it('retries a failed request for all its ids', () => {
    newScheduler().run(({ cold, hot, expectObservable }) => {
      let calls = 0;
      const fetch = (ids: readonly number[]): Observable<ResultsAnswer<R>> => {
        calls += 1;
        return calls === 1 ? cold('5ms #') : cold('5ms (a|)', { a: { orders: ids.map((id) => ({ id, status: 'lost' })), at: 1 } });
      };
      const due$ = hot<readonly number[]>('d', { d: [4, 5] });
      expectObservable(due$.pipe(chaseResults(fetch, { retryMs: 100, maxTries: 4 }))).toBe('110ms a', {
        a: { ids: [4, 5], orders: [{ id: 4, status: 'lost' }, { id: 5, status: 'lost' }], at: 1 },
      });
    });
  });
});

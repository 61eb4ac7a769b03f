import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { countdownTicks } from './countdown-ticks.ts';
import type { OpenOrder } from './inputs.ts';
import type { CountdownBatch, DueEvent } from './messages.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const HOUR = 3_600_000;
const tick = (at: number, ids: number[], remainingMs: number[]): CountdownBatch => ({
  kind: 'tick',
  at,
  ids: new Int32Array(ids),
  remainingMs: new Int32Array(remainingMs),
});
const due = (at: number, ids: number[]): DueEvent => ({ kind: 'due', at, ids });

describe('countdownTicks', () => {
  it('ticks once per second on server-second boundaries, fires due at the settle instant, and stops when none are open', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      // The phone is 3 h (and 250 ms) behind the server: client 0 is server S + 250.
      const S = 3 * HOUR;
      const offset$ = cold('o', { o: S + 250 });
      const orders$ = cold<readonly OpenOrder[]>('l 5199ms e', {
        l: [
          { id: 2, settleTime: S + 5_000 },
          { id: 1, settleTime: S + 2_600 },
        ],
        e: [],
      });
      expectObservable(countdownTicks(orders$, offset$), '^ 8000ms !').toBe(
        'a 749ms b 999ms c 599ms d 399ms e 999ms f 999ms (gh) 446ms i',
        {
          // At once when the offset is known, then at server S+1000, S+2000, …
          a: tick(S + 250, [1, 2], [2_350, 4_750]),
          b: tick(S + 1_000, [1, 2], [1_600, 4_000]),
          c: tick(S + 2_000, [1, 2], [600, 3_000]),
          // Due at the instant, not at the next tick.
          d: due(S + 2_600, [1]),
          e: tick(S + 3_000, [1, 2], [0, 2_000]),
          f: tick(S + 4_000, [1, 2], [0, 1_000]),
          g: due(S + 5_000, [2]),
          h: tick(S + 5_000, [1, 2], [0, 0]),
          // The refreshed list is empty: one empty batch, then silence.
          i: tick(S + 5_450, [], []),
        },
      );
    });
  });

  it('announces each order due exactly once, also when it arrives already past due', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const offset$ = cold('o', { o: 10_000 });
      // Order 7 settled before the list arrived; later lists still hold it (the server is settling it).
      const orders$ = cold<readonly OpenOrder[]>('a 99ms b 99ms c', {
        a: [{ id: 7, settleTime: 9_500 }],
        b: [{ id: 7, settleTime: 9_500 }],
        c: [
          { id: 7, settleTime: 9_500 },
          { id: 8, settleTime: 10_500 },
        ],
      });
      expectObservable(countdownTicks(orders$, offset$), '^ 700ms !').toBe('(ab) 196ms c 299ms d', {
        a: due(10_000, [7]),
        b: tick(10_000, [7], [0]),
        // b repeated the list: nothing; c changed it: a batch at once, but no second due for 7.
        c: tick(10_200, [7, 8], [0, 300]),
        d: due(10_500, [8]),
      });
    });
  });

  it('realigns to the new server seconds when the offset estimate changes', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const offset$ = cold('a 1499ms b', { a: 0, b: 300 });
      const orders$ = cold<readonly OpenOrder[]>('l', { l: [{ id: 1, settleTime: 60_000 }] });
      // Ticks at client 0 and 1000 (offset 0); at client 1500 the server is at 1800, so the next tick is
      // client 1700 (server 2000), then client 2700 (server 3000).
      expectObservable(countdownTicks(orders$, offset$), '^ 3000ms !').toBe('a 999ms b 699ms c 999ms d', {
        a: tick(0, [1], [60_000]),
        b: tick(1_000, [1], [59_000]),
        c: tick(2_000, [1], [58_000]),
        d: tick(3_000, [1], [57_000]),
      });
    });
  });

  it('waits for the first offset, and never ticks with no open orders', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const offset$ = cold('-- 98ms o', { o: 0 });
      const withOrders = cold<readonly OpenOrder[]>('l', { l: [{ id: 1, settleTime: 1_000 }] });
      expectObservable(countdownTicks(withOrders, offset$), '^ 950ms !').toBe('-- 98ms a', {
        a: tick(100, [1], [900]),
      });
      expectObservable(countdownTicks(cold<readonly OpenOrder[]>('l', { l: [] }), cold('o', { o: 0 })), '^ 5000ms !').toBe('');
    });
  });

  it('uses Float64Array ids when an id does not fit in 32 bits', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const big = 2 ** 40;
      const orders$ = cold<readonly OpenOrder[]>('l', { l: [{ id: big, settleTime: 500 }] });
      expectObservable(countdownTicks(orders$, cold('o', { o: 0 })), '^ 100ms !').toBe('a', {
        a: { kind: 'tick', at: 0, ids: new Float64Array([big]), remainingMs: new Int32Array([500]) },
      });
    });
  });
});

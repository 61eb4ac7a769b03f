import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { ABSENT_GRACE_MS, orderStore, type OrderChange, type OrderInput } from './order-store.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

interface O {
  readonly id: number;
  readonly orderNo: string;
  readonly status: 'open' | 'won' | 'lost' | 'draw';
  readonly openTime: number;
  readonly settleTime: number;
  readonly profit: string | null;
}
const T = 1_000_000;
const open = (id: number, openTime = T, no = `N${id}`): O => ({ id, orderNo: no, status: 'open', openTime, settleTime: openTime + 30_000, profit: null });
const won = (id: number, openTime = T): O => ({ ...open(id, openTime), status: 'won', profit: '8.50' });

type In = OrderInput<O>;
type Out = OrderChange<O>;
const patch = (upserts: O[], removed: number[] = []): Out => ({ kind: 'patch', upserts, removed });

describe('orderStore', () => {
  it('takes the create answer at once, and the next poll that lists the same row sends nothing', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const inputs = cold<In>('a b c', {
        a: { kind: 'open-set', orders: [], at: T - 5_000 },
        b: { kind: 'created', order: open(1), at: T },
        c: { kind: 'open-set', orders: [open(1)], at: T + 5_000 },
      });
      expectObservable(inputs.pipe(orderStore())).toBe('r b', {
        r: { kind: 'reset', orders: [] },
        b: patch([open(1)]),
      });
    });
  });

  it('keeps an order that a list read before the create committed does not show yet', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      // The list was read 1 s after the order opened, inside the grace: the order is not taken away.
      const inputs = cold<In>('a b', {
        a: { kind: 'created', order: open(1), at: T },
        b: { kind: 'open-set', orders: [], at: T + ABSENT_GRACE_MS - 1_000 },
      });
      expectObservable(inputs.pipe(orderStore())).toBe('r', { r: { kind: 'reset', orders: [open(1)] } });
    });
  });

  it('ranks out-of-order answers by server time: an older open row does not overwrite a newer one', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const newer = { ...open(1), profit: 'x' };
      const inputs = cold<In>('a b c', {
        a: { kind: 'rows', orders: [newer], at: T + 9_000 },
        // Answered late, read earlier.
        b: { kind: 'rows', orders: [open(1)], at: T + 4_000 },
        c: { kind: 'rows', orders: [open(1)], at: T + 10_000 },
      });
      expectObservable(inputs.pipe(orderStore())).toBe('r - c', {
        r: { kind: 'reset', orders: [newer] },
        c: patch([open(1)]),
      });
    });
  });

  it('never takes a settled order back to open, whatever list comes late (the 5-second race)', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const inputs = cold<In>('a b c d', {
        a: { kind: 'created', order: open(1), at: T },
        b: { kind: 'results', ids: [1], orders: [won(1)], at: T + 30_100 },
        // product/orders read before the settlement, answered after; and one read after with a stale row.
        c: { kind: 'rows', orders: [open(1)], at: T + 29_000 },
        d: { kind: 'rows', orders: [open(1)], at: T + 35_000 },
      });
      expectObservable(inputs.pipe(orderStore())).toBe('r b', {
        r: { kind: 'reset', orders: [open(1)] },
        b: patch([won(1)]),
      });
    });
  });

  it('keeps an open order that left the hold list after its settle time (its result is fetched by id)', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const inputs = cold<In>('a b', {
        a: { kind: 'open-set', orders: [open(1)], at: T + 1_000 },
        b: { kind: 'open-set', orders: [], at: T + 30_500 },
      });
      expectObservable(inputs.pipe(orderStore())).toBe('r', { r: { kind: 'reset', orders: [open(1)] } });
    });
  });

  it('after a server restart on fresh data: drops open orders the server no longer has, and takes a reused id as the new order', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const reborn = open(1, T + 20_000, 'N1-after-restart');
      const inputs = cold<In>('a b c d', {
        a: { kind: 'open-set', orders: [open(1), open(2)], at: T + 1_000 },
        b: { kind: 'results', ids: [3], orders: [], at: T + 2_000 },
        // The restarted server lists neither, well before their settle times.
        c: { kind: 'open-set', orders: [], at: T + 10_000 },
        d: { kind: 'created', order: reborn, at: T + 20_000 },
      });
      expectObservable(inputs.pipe(orderStore())).toBe('r - c d', {
        r: { kind: 'reset', orders: [open(1), open(2)] },
        c: patch([], [1, 2]),
        d: patch([reborn]),
      });
    });
  });

  it('a results answer drops an asked id the server does not know, and keeps settled rows after a settled re-read', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const inputs = cold<In>('a b c', {
        a: { kind: 'rows', orders: [open(1), open(2)], at: T },
        b: { kind: 'results', ids: [1, 2], orders: [won(1)], at: T + 31_000 },
        c: { kind: 'rows', orders: [won(1)], at: T + 40_000 },
      });
      expectObservable(inputs.pipe(orderStore())).toBe('r b', {
        r: { kind: 'reset', orders: [open(1), open(2)] },
        b: patch([won(1)], [2]),
      });
    });
  });

  it('clears on a session change', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const inputs = cold<In>('a b', {
        a: { kind: 'rows', orders: [won(1)], at: T },
        b: { kind: 'clear' },
      });
      expectObservable(inputs.pipe(orderStore())).toBe('r b', {
        r: { kind: 'reset', orders: [won(1)] },
        b: patch([], [1]),
      });
    });
  });

  it('is bounded: beyond maxSettled settled orders the oldest settled leave, open ones stay', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const inputs = cold<In>('a b', {
        a: { kind: 'rows', orders: [won(1, T), won(2, T + 1_000), open(3)], at: T },
        b: { kind: 'results', ids: [4], orders: [won(4, T + 2_000)], at: T + 40_000 },
      });
      expectObservable(inputs.pipe(orderStore({ maxSettled: 2 }))).toBe('r b', {
        r: { kind: 'reset', orders: [won(1, T), won(2, T + 1_000), open(3)] },
        b: patch([won(4, T + 2_000)], [1]),
      });
    });
  });
});

import { ReplaySubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { justSettled } from './just-settled.ts';
import { orderRows, type OrderRows } from './order-rows.ts';
import type { OrderChange, StoreOrder } from './order-store.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

type O = StoreOrder;
const open = (id: number): O => ({ id, orderNo: `N${id}`, status: 'open', openTime: 0, settleTime: 30_000 });
const won = (id: number): O => ({ ...open(id), status: 'won' });
const lost = (id: number): O => ({ ...open(id), status: 'lost' });
const patch = (upserts: O[], removed: number[] = []): OrderChange<O> => ({ kind: 'patch', upserts, removed });

describe('justSettled', () => {
  it('sends the orders a change took from open to settled, never one first seen settled, and nothing else', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const changes = cold<OrderChange<O>>('r a b c d', {
        // Settled before the app loaded: in the first rows, never sent.
        r: { kind: 'reset', orders: [won(9), open(1), open(2)] },
        // A history page brings an order first seen settled: not a new result.
        a: patch([lost(8), open(3)]),
        b: patch([won(1), lost(2)]),
        // The same result again (a later list) and a new open order: nothing settled now.
        c: patch([won(1), open(4)]),
        d: patch([won(3)], [4]),
      });
      expectObservable(changes.pipe(orderRows(), justSettled())).toBe('--b-d', { b: [won(1), lost(2)], d: [won(3)] });
    });
  });

  it('sends a reader that joins late (the last rows replayed to it) only what settles after it joined', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const rows$ = new ReplaySubject<OrderRows<O>>(1);
      cold<OrderChange<O>>('r a 5ms b', { r: { kind: 'reset', orders: [open(1), open(2)] }, a: patch([won(1)]), b: patch([lost(2)]) })
        .pipe(orderRows())
        .subscribe(rows$);
      // Joins at 4 ms, after 1 settled: only 2's result.
      expectObservable(rows$.pipe(justSettled()), '----^').toBe('-------b', { b: [lost(2)] });
    });
  });
});

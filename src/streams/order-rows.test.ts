import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { orderRows, type OrderRows } from './order-rows.ts';
import type { OrderChange, StoreOrder } from './order-store.ts';

const newScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

type O = StoreOrder;
const open = (id: number, settleTime = 30_000): O => ({ id, orderNo: `N${id}`, status: 'open', openTime: 0, settleTime });
const won = (id: number): O => ({ ...open(id), status: 'won' });

/** What a value says, as plain data: its rows by id and its open orders. */
const seen = (r: OrderRows<O>) => ({ rows: [...r.rows.entries()], open: r.open });

describe('orderRows', () => {
  it('folds the store changes into its rows by id, and lists the open ones after each change', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const changes = cold<OrderChange<O>>('r b c', {
        r: { kind: 'reset', orders: [open(1, 10_000), won(2)] },
        b: { kind: 'patch', upserts: [open(3, 20_000)], removed: [] },
        c: { kind: 'patch', upserts: [won(1)], removed: [2] },
      });
      expectObservable(changes.pipe(orderRows(), map(seen))).toBe('r b c', {
        r: { rows: [[1, open(1, 10_000)], [2, won(2)]], open: [{ id: 1, settleTime: 10_000 }] },
        b: { rows: [[1, open(1, 10_000)], [2, won(2)], [3, open(3, 20_000)]], open: [{ id: 1, settleTime: 10_000 }, { id: 3, settleTime: 20_000 }] },
        c: { rows: [[1, won(1)], [3, open(3, 20_000)]], open: [{ id: 3, settleTime: 20_000 }] },
      });
    });
  });

  it('carries the change that made each value, and a reset replaces every row', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const b: OrderChange<O> = { kind: 'patch', upserts: [open(2)], removed: [] };
      const r2: OrderChange<O> = { kind: 'reset', orders: [open(5)] };
      const changes = cold<OrderChange<O>>('r b s', { r: { kind: 'reset', orders: [open(1)] }, b, s: r2 });
      expectObservable(changes.pipe(orderRows(), map((v) => ({ change: v.change, ids: [...v.rows.keys()] })))).toBe('r b s', {
        r: { change: { kind: 'reset', orders: [open(1)] }, ids: [1] },
        b: { change: b, ids: [1, 2] },
        s: { change: r2, ids: [5] },
      });
    });
  });

  it('gives each value a map of its own: a reader that kept an earlier one sees it unchanged', () => {
    const values: OrderRows<O>[] = [];
    newScheduler().run(({ cold }) => {
      cold<OrderChange<O>>('r b', {
        r: { kind: 'reset', orders: [open(1)] },
        b: { kind: 'patch', upserts: [won(1), open(2)], removed: [] },
      })
        .pipe(orderRows())
        .subscribe((v) => values.push(v));
    });
    expect(values.map((v) => [...v.rows.values()])).toEqual([[open(1)], [won(1), open(2)]]);
  });
});

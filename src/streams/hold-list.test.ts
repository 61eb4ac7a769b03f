import { describe, expect, it } from 'vitest';
import { afterHoldList, type HoldAnswer, holdListInput } from './hold-list.ts';
import { ABSENT_GRACE_MS, type StoreOrder } from './order-store.ts';

type O = StoreOrder;
const T = 1_000_000;
const open = (id: number, settleTime: number): O => ({ id, orderNo: `N${id}`, status: 'open', openTime: settleTime - 30_000, settleTime });
const whole = (items: O[]): HoldAnswer<O> => ({ items, serverTime: T, since: undefined });
const since = (items: O[], openCount: number): HoldAnswer<O> => ({ items, serverTime: T, since: T - 10_000, openCount });

describe('holdListInput', () => {
  it('takes the whole list as the open set, and an answer since a cursor as rows only', () => {
    const a = open(1, T + 5_000);
    expect(holdListInput(whole([a]))).toEqual({ kind: 'open-set', orders: [a], at: T });
    expect(holdListInput(since([a], 3))).toEqual({ kind: 'rows', orders: [a], at: T });
  });
});

describe('afterHoldList', () => {
  it('keeps the cursor (less the grace for a create committed just after the read) while the open counts agree', () => {
    const held = [{ id: 1, settleTime: T + 5_000 }, { id: 2, settleTime: T + 9_000 }];
    expect(afterHoldList(since([], 2), held)).toEqual({ cursor: T - ABSENT_GRACE_MS, recheck: [] });
  });

  it('drops the cursor when the server counts another open order than the store holds: the next poll reads the whole list', () => {
    const held = [{ id: 1, settleTime: T + 5_000 }, { id: 2, settleTime: T + 9_000 }];
    expect(afterHoldList(since([], 3), held)).toEqual({ cursor: undefined, recheck: [] });
    expect(afterHoldList(since([], 1), held)).toEqual({ cursor: undefined, recheck: [] });
  });

  it('after the whole list, asks again for the held open orders it leaves out once their settle time has passed', () => {
    const listed = open(1, T + 5_000);
    const held = [
      { id: 1, settleTime: T + 5_000 },
      // Due and gone from the list: settled there, its result is asked for again.
      { id: 2, settleTime: T - 1_000 },
      { id: 3, settleTime: T },
      // Not due yet: not a result to ask for.
      { id: 4, settleTime: T + 1 },
    ];
    expect(afterHoldList(whole([listed]), held)).toEqual({ cursor: T - ABSENT_GRACE_MS, recheck: [2, 3] });
  });
});

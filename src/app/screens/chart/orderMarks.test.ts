import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/market.ts';
import { MAX_CHART_MARKS, orderMarksOf } from './orderMarks.ts';

const order = (id: number, settleTime: number, status: Order['status'] = 'open'): Order => ({
  id, orderNo: `CW${id}`, productId: 1, symbol: 'BTCUSDT', direction: id % 2 ? 'rise' : 'fall', amount: '10.00', fee: '0.02',
  cycle: 60, payoutRate: '0.85', openPrice: '100.5', openTime: settleTime - 60_000, settleTime, settlePrice: null, status, profit: null,
});

describe('orderMarksOf', () => {
  it('draws only open orders, at most a dozen, the ones settling soonest', () => {
    const orders = Array.from({ length: 1000 }, (_, i) => order(i + 1, 2_000_000 - i * 1000));
    orders.push(order(5000, 1, 'won'));
    const marks = orderMarksOf(orders);
    expect(marks).toHaveLength(MAX_CHART_MARKS);
    expect(marks.map((m) => m.id)).toEqual(Array.from({ length: MAX_CHART_MARKS }, (_, i) => 1000 - i));
    expect(marks[0]).toMatchObject({ openPrice: 100.5, settleTime: 2_000_000 - 999 * 1000 });
  });

  it('gives one and the same empty list while no order is open, so the chart panel has nothing new to render', () => {
    const none = orderMarksOf(null);
    expect(none).toEqual([]);
    expect(orderMarksOf([])).toBe(none);
    expect(orderMarksOf([order(1, 1000, 'won'), order(2, 2000, 'lost')])).toBe(none);
    expect(orderMarksOf([order(3, 3000)])).not.toBe(none);
  });

  it('keeps the caller’s list untouched', () => {
    const orders = [order(1, 3000), order(2, 1000)];
    orderMarksOf(orders);
    expect(orders.map((o) => o.id)).toEqual([1, 2]);
  });
});

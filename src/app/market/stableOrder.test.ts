import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/market.ts';
import { createStableOrder } from './stableOrder.ts';
import { openThenRecent } from './useMarketData.ts';

const row = (id: number, settleTime: number, status: Order['status'] = 'open'): Order => ({
  id, orderNo: `N${id}`, productId: 1, symbol: 'P1', direction: 'rise', amount: '10.00', fee: '0.20', cycle: 30, payoutRate: '0.85',
  openPrice: '1.00', openTime: settleTime - 30_000, settleTime, settlePrice: status === 'open' ? null : '1.10', status,
  profit: status === 'open' ? null : '8.50',
});
const ids = (orders: readonly Order[]) => orders.map((o) => o.id);

describe('createStableOrder', () => {
  it('places the first rows open first, then keeps a settled row where it was', () => {
    const order = createStableOrder(openThenRecent);
    const first = [row(3, 5_000, 'won'), row(1, 2_000), row(2, 3_000)];
    expect(ids(order.order(first))).toEqual([1, 2, 3]);
    // Order 1 settles: sorted afresh it would drop below 2 (open first); here it keeps the top row.
    const settled = [row(3, 5_000, 'won'), row(1, 2_000, 'lost'), row(2, 3_000)];
    expect(openThenRecent(settled[1] as Order, settled[2] as Order)).toBeGreaterThan(0);
    const shown = order.order(settled);
    expect(ids(shown)).toEqual([1, 2, 3]);
    expect(shown[0]?.status).toBe('lost');
  });

  it('puts orders placed later above the rows already shown, and leaves the input untouched', () => {
    const order = createStableOrder(openThenRecent);
    order.order([row(1, 2_000), row(2, 3_000)]);
    const later = [row(2, 3_000, 'won'), row(1, 2_000), row(9, 9_000), row(8, 8_000)];
    expect(ids(order.order(later))).toEqual([8, 9, 1, 2]);
    expect(ids(later)).toEqual([2, 1, 9, 8]);
    const evenLater = [...later, row(10, 1_000)];
    expect(ids(order.order(evenLater))).toEqual([10, 8, 9, 1, 2]);
    expect(order.has(10)).toBe(true);
    expect(order.has(11)).toBe(false);
  });
});

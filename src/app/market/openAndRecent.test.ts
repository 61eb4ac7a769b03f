import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/market.ts';
import { openAndRecent } from './useMarketData.ts';

const row = (id: number, status: Order['status']): Order => ({
  id, orderNo: `N${id}`, productId: 1, symbol: 'P1', direction: 'rise', amount: '10.00', fee: '0.20', cycle: 30, payoutRate: '0.85',
  openPrice: '1.00', openTime: 0, settleTime: 30_000 - id, settlePrice: status === 'open' ? null : '1.00', status, profit: status === 'open' ? null : '0.00',
});

describe('openAndRecent', () => {
  it('keeps every open order and only the newest settled ones', () => {
    const items = [row(1, 'open'), row(2, 'open'), row(3, 'won'), row(4, 'lost'), row(5, 'draw')];
    expect(openAndRecent(items, 2).map((o) => o.id)).toEqual([1, 2, 3, 4]);
    expect(openAndRecent(items, 3)).toBe(items);
    const allOpen = [row(1, 'open'), row(2, 'open')];
    expect(openAndRecent(allOpen, 0)).toBe(allOpen);
  });
});

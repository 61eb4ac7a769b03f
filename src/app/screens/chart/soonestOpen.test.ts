import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/market.ts';
import { soonestOpen } from './soonestOpen.ts';

const order = (id: number, settleTime: number, status: Order['status']): Order => ({
  id, orderNo: `CW${id}`, productId: 1, symbol: 'BTCUSDT', direction: 'rise', amount: '10.00', fee: '0.02',
  cycle: 60, payoutRate: '0.85', openPrice: '100.5', openTime: settleTime - 60_000, settleTime, settlePrice: null, status, profit: null,
});

describe('soonestOpen', () => {
  it('picks the open orders that settle first, ties by id, as a full sort would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ settleTime: fc.integer({ min: 0, max: 20 }), open: fc.boolean() }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 4 }),
        (rows, n) => {
          const orders = rows.map((r, i) => order(i + 1, r.settleTime, r.open ? 'open' : 'won'));
          const sorted = orders.filter((o) => o.status === 'open').sort((a, b) => a.settleTime - b.settleTime || a.id - b.id);
          expect(soonestOpen(orders, n).map((o) => o.id)).toEqual(sorted.slice(0, n).map((o) => o.id));
        },
      ),
    );
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/market.ts';
import { move } from '../domain/ledger.ts';
import { toCents } from '../../src/shared/money.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { SettlementEngine } from '../market/settlement.ts';
import { recordTicks } from '../testing/market.ts';
import { T0, useTestServer } from '../testing/harness.ts';

const s = useTestServer();
let btc: MarketProduct;

async function funded() {
  const m = await s.member();
  await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: toCents('1000.00'), ref: 'test funding' }));
  return m;
}
const place = async (token: string): Promise<Order> =>
  (await s.call('order/create', { productId: btc.id, direction: 'rise', amount: '100.00', cycle: 30 }, { token })).body.data as Order;

beforeAll(async () => {
  const found = (await loadProducts(s.deps.db)).find((p) => p.symbol === 'BTCUSDT');
  if (!found) throw new Error('BTCUSDT');
  btc = found;
  await recordTicks(s.deps.db, btc, [[T0 - 1000, '67250.40'], [T0, '67250.50']]);
  s.clock.set(T0 + 500);
});

describe('order/results', () => {
  it('answers my orders by id, open then settled, and leaves out ids that are not mine', async () => {
    const me = await funded();
    const other = await funded();
    const mine = await place(me.token);
    const theirs = await place(other.token);
    const before = await s.call('order/results', { ids: [mine.id, theirs.id, 999_999] }, { token: me.token });
    expect(before.status).toBe(200);
    expect((before.body.data as { items: Order[] }).items.map((o) => [o.id, o.status])).toEqual([[mine.id, 'open']]);

    await recordTicks(s.deps.db, btc, [[T0 + 30_000, '67300.00'], [T0 + 31_000, '67300.00']]);
    await new SettlementEngine(s.deps.db).settleDue(T0 + 31_000);
    s.clock.set(T0 + 31_000);
    const after = (await s.call('order/results', { ids: [mine.id] }, { token: me.token })).body.data as { items: Order[]; serverTime: number };
    expect(after.items.map((o) => [o.id, o.status, o.settlePrice])).toEqual([[mine.id, 'won', '67300.00']]);
    expect(after.serverTime).toBe(T0 + 31_000);
  });

  it('refuses an empty or oversized id list with a field error', async () => {
    const me = await funded();
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => i + 1), ['x']]) {
      const answer = await s.call('order/results', { ids }, { token: me.token });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe('error.validation');
    }
  });
});

describe('order/hold_list since a cursor', () => {
  it('answers only the orders opened since, with the count of all open ones; without since, the whole list', async () => {
    const me = await funded();
    s.clock.set(T0 + 1_000);
    const a = await place(me.token);
    s.clock.set(T0 + 2_000);
    const b = await place(me.token);
    type Hold = { items: Order[]; serverTime: number; openCount?: number };
    const since = (await s.call('order/hold_list', { since: T0 + 1_500 }, { token: me.token })).body.data as Hold;
    expect(since.items.map((o) => o.id)).toEqual([b.id]);
    expect(since.openCount).toBe(2);
    const nothingNew = (await s.call('order/hold_list', { since: T0 + 2_500 }, { token: me.token })).body.data as Hold;
    expect(nothingNew).toEqual({ items: [], openCount: 2, serverTime: T0 + 2_000 });
    const whole = (await s.call('order/hold_list', {}, { token: me.token })).body.data as Hold;
    expect(whole.items.map((o) => o.id)).toEqual([a.id, b.id]);
    expect(whole.openCount).toBeUndefined();
    const bad = await s.call('order/hold_list', { since: -1 }, { token: me.token });
    expect(bad.status).toBe(400);
  });
});

// The worker's result subscription through its API, with a fetch the test controls. Tests wait for the
// message or request they depend on (expect.poll), never for time.
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../contract/market.ts';
import { createMarketApi } from './market-api.ts';
import type { OrdersMessage } from './messages.ts';
import { resultsMessage, type ResultsMessage } from './results.ts';
import { fakeMarket, openOrder, type FakeMarket } from './testing/fake-market.ts';

const SLOW = { products: 60_000, kdata: 60_000, turnover: 60_000, holdList: 60_000, productOrders: 60_000, orderList: 60_000 };

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const done of cleanup) done();
  cleanup = [];
});

function start(market: FakeMarket, holdList = SLOW.holdList) {
  const api = createMarketApi({ fetch: market.fetch, periods: { ...SLOW, holdList, holdListBackground: holdList }, random: () => 0 });
  api.setSession({ apiBase: 'http://test.invalid/api', token: 'tok-1', lang: 'en' });
  const results: ResultsMessage[] = [];
  const handle = api.watchResults((m) => results.push(m));
  cleanup.push(() => api.unsubscribe(handle));
  return { api, results };
}

const won = (o: Order): Order => ({ ...o, status: 'won', settlePrice: '101.00', profit: '8.50' });
const lost = (o: Order): Order => ({ ...o, status: 'lost', settlePrice: '99.00', profit: '-10.00' });
const ids = (results: readonly ResultsMessage[]) => results.map((m) => m.byProfit.flatMap((g) => g.ids).sort());
/** An order's profit in a message (its results are grouped by profit). */
const profitOf = (m: ResultsMessage | undefined, id: number) => m?.byProfit.find((g) => g.ids.includes(id))?.profit;

describe('the worker result subscription', () => {
  it('reads the hold list with no screen watching it, chases the due orders, and sends their results as one message', async () => {
    const market = fakeMarket();
    const a = openOrder(1, Date.now() + 300);
    const b = { ...openOrder(2, Date.now() + 300), orderNo: 'N2' };
    market.holdList = [a, b];
    market.settled = [won(a), lost(b)];
    const { results } = start(market);
    await expect.poll(() => results.length).toBe(1);
    expect(ids(results)).toEqual([[1, 2]]);
    expect(profitOf(results[0], 2)).toBe('-10.00');
    expect(market.requests.filter((r) => r.path === 'order/results').length).toBeGreaterThan(0);
  });

  it('never announces an order that was already settled when it was first seen', async () => {
    const market = fakeMarket();
    const old = openOrder(3, Date.now() - 60_000);
    const fresh = openOrder(4, Date.now() + 200);
    // 3 settled before the app loaded: the hold list no longer has it; a history page brings it settled.
    market.holdList = [fresh];
    market.settled = [won(old), won(fresh)];
    const { api, results } = start(market);
    const history = api.watchOrderList({ page: 1, size: 10 }, () => undefined);
    cleanup.push(() => api.unsubscribe(history));
    api.orderCreated(won(old));
    await expect.poll(() => results.length).toBe(1);
    expect(ids(results)).toEqual([[4]]);
  });

  it('announces an order created on this page, and polls the hold list only while an order is open', async () => {
    const market = fakeMarket();
    // A short period: if the hold list were polled with nothing open, it would be asked many times below.
    const { api, results } = start(market, 20);
    await expect.poll(() => market.count('order/hold_list')).toBe(1);
    const placed = openOrder(5, Date.now() + 400);
    market.holdList = [placed];
    api.orderCreated(placed);
    // Open: the poll runs again (since its cursor).
    await expect.poll(() => market.requests.filter((r) => r.path === 'order/hold_list' && typeof r.body['since'] === 'number').length).toBeGreaterThan(1);
    market.settled = [won(placed)];
    await expect.poll(() => ids(results)).toEqual([[5]]);
    // Nothing open any more: the poll stops. The next 20 ms periods pass; a results request is the last event.
    const after = market.count('order/hold_list');
    const settledAgain = openOrder(6, Date.now() + 100);
    market.settled = [won(settledAgain)];
    api.orderCreated(settledAgain);
    await expect.poll(() => ids(results)).toEqual([[5], [6]]);
    // While 6 was open the poll ran again at most a few times; with nothing open it stopped for good.
    const stopped = market.count('order/hold_list');
    expect(stopped).toBeGreaterThanOrEqual(after);
    await expect.poll(() => market.count('order/results')).toBeGreaterThan(1);
    expect(market.count('order/hold_list')).toBe(stopped);
  });
});

describe('the results message', () => {
  it('stays under 2 KiB for a burst of 100 results: the newest whole, the rest as ids by profit', () => {
    const burst = Array.from({ length: 100 }, (_, i): Order => {
      const o = openOrder(100_000 + i, 1_700_000_000_000);
      return i % 2 === 0 ? { ...o, status: 'won', settlePrice: '67010.00', profit: '8.50' } : { ...o, status: 'lost', settlePrice: '67010.00', profit: '-10.00' };
    });
    const message = resultsMessage(burst);
    expect(JSON.stringify(message).length).toBeLessThanOrEqual(2_048);
    expect(JSON.stringify(burst).length).toBeGreaterThan(20_000);
    expect(message?.newest).toEqual(burst.at(-1));
    expect(message?.byProfit).toEqual([
      { profit: '8.50', ids: burst.filter((_, i) => i % 2 === 0).map((o) => o.id) },
      { profit: '-10.00', ids: burst.filter((_, i) => i % 2 === 1).map((o) => o.id) },
    ]);
    expect(resultsMessage([])).toBeNull();
  });
});

describe('refresh (pull to refresh)', () => {
  it('asks every running poll again at once, and the list gets no row twice', async () => {
    const market = fakeMarket();
    market.holdList = [openOrder(7, Date.now() + 3_600_000)];
    const { api } = start(market);
    const messages: OrdersMessage[] = [];
    const handle = api.watchHoldList((m) => messages.push(m));
    cleanup.push(() => api.unsubscribe(handle));
    await expect.poll(() => market.count('order/hold_list')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => messages.some((m) => m.kind === 'reset' && m.items.length === 1)).toBe(true);
    const asked = market.count('order/hold_list');
    // Placed on another device since the last poll: the refresh brings it now, not a period later.
    market.holdList = [...market.holdList, { ...openOrder(8, Date.now() + 3_600_000), openTime: Date.now() }];
    api.refresh();
    await expect.poll(() => market.count('order/hold_list')).toBe(asked + 1);
    await expect.poll(() => messages.some((m) => m.kind === 'patch' && m.upserts.some((o) => o.id === 8))).toBe(true);
    // Order 7 came again in no message: the screen shows each row once.
    const rows = messages.flatMap((m) => (m.kind === 'reset' ? m.items : m.kind === 'patch' ? m.upserts : []));
    expect(rows.filter((o) => o.id === 7)).toHaveLength(1);
  });
});

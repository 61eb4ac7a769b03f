// The worker's logic on the page with a fetch the test controls (short poll periods, real timers).
// market.worker.test.ts checks the real Worker and comlink on top of this.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CandleDelta, CountdownEvent } from '../streams/messages.ts';
import { createMarketApi } from './market-api.ts';
import type { OrdersMessage, ProductsMessage, StatusMessage } from './messages.ts';
import { bar, fakeMarket, openOrder, type FakeMarket } from './testing/fake-market.ts';

const FAST = { products: 100, kdata: 100, turnover: 100, holdList: 400, productOrders: 400, orderList: 400 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const done of cleanup) done();
  cleanup = [];
});

function start(market: FakeMarket = fakeMarket()) {
  const api = createMarketApi({ fetch: market.fetch, periods: FAST, random: () => 0 });
  api.setSession({ apiBase: 'http://test.invalid/api', token: 'tok-1', lang: 'vn' });
  const handles: number[] = [];
  const watch = <M>(open: (cb: (m: M) => void) => number) => {
    const messages: M[] = [];
    const handle = open((m) => messages.push(m));
    handles.push(handle);
    return { messages, handle };
  };
  cleanup.push(() => handles.forEach((h) => api.unsubscribe(h)));
  return { api, market, watch };
}

const isStatus = (m: { kind: string }): m is StatusMessage => m.kind === 'status';

describe('market worker logic', () => {
  it('sends the session headers and shares one poll between two subscribers', async () => {
    const { api, market, watch } = start();
    const a = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    const b = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    await expect.poll(() => a.messages.some((m) => m.kind === 'reset') && b.messages.some((m) => m.kind === 'reset')).toBe(true);
    await sleep(350);
    const requests = market.requests.filter((r) => r.path === 'product/list');
    // One request per period, not one per subscriber: about 4 in 350 ms at 100 ms, never twice as many.
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.length).toBeLessThanOrEqual(5);
    const gaps = requests.slice(1).map((r, i) => r.at - (requests[i]?.at ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(80);
    expect(requests[0]?.headers.get('Authorization')).toBe('tok-1');
    expect(requests[0]?.headers.get('Accept-Language')).toBe('vn');
  });

  it('sends only the rows that changed, and nothing while the list stays the same', async () => {
    const { api, market, watch } = start();
    const w = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    await expect.poll(() => w.messages.filter((m) => m.kind === 'reset').length).toBe(1);
    await sleep(250);
    expect(w.messages.filter((m) => m.kind === 'patch')).toEqual([]);
    market.products = market.products.map((p) => (p.id === 2 ? { ...p, price: '99.00' } : p));
    await expect.poll(() => w.messages.filter((m) => m.kind === 'patch').length).toBe(1);
    const patch = w.messages.find((m) => m.kind === 'patch');
    expect(patch).toMatchObject({ kind: 'patch', upserts: [{ id: 2, price: '99.00' }], removed: [] });
  });

  it('pauses while hidden and asks again at once when visible', async () => {
    const { api, market, watch } = start();
    watch<ProductsMessage>((cb) => api.watchProducts(cb));
    await expect.poll(() => market.count('product/list')).toBeGreaterThanOrEqual(1);
    api.setVisible(false);
    await sleep(150);
    const whileHidden = market.count('product/list');
    await sleep(400);
    expect(market.count('product/list')).toBe(whileHidden);
    const shownAt = Date.now();
    api.setVisible(true);
    await expect.poll(() => market.count('product/list'), { interval: 5 }).toBe(whileHidden + 1);
    const refreshed = market.requests.filter((r) => r.path === 'product/list').at(-1);
    expect((refreshed?.at ?? Infinity) - shownAt).toBeLessThan(50);
  });

  it('aborts the request in flight when the last subscriber leaves', async () => {
    const market = fakeMarket();
    market.delayMs = 10_000;
    const { api } = start(market);
    const handle = api.watchProducts(() => undefined);
    await expect.poll(() => market.count('product/list')).toBe(1);
    api.unsubscribe(handle);
    expect(market.requests[0]?.aborted).toBe(true);
    expect(api.subscriptionCount()).toBe(0);
  });

  it('sends candles as a reset with the history, then append and update deltas', async () => {
    const { api, market, watch } = start();
    const w = watch<CandleDelta | StatusMessage>((cb) => api.watchCandles({ id: 1, interval: '1m' }, cb));
    await expect.poll(() => w.messages.some((m) => m.kind === 'reset')).toBe(true);
    const kdata = market.requests.filter((r) => r.path === 'product/kdata');
    expect(kdata[0]?.body).toEqual({ id: 1, interval: '1m', limit: 500 });
    market.bars = [bar(0, '1.00'), bar(60_000, '2.50')];
    await expect.poll(() => w.messages.some((m) => m.kind === 'update')).toBe(true);
    market.bars = [...market.bars, bar(120_000, '3.00')];
    await expect.poll(() => w.messages.some((m) => m.kind === 'append')).toBe(true);
    // Incremental polls ask only from the last bar on.
    await expect.poll(() => market.requests.filter((r) => r.path === 'product/kdata').at(-1)?.body['since']).toBe(120_000);
    const deltas = w.messages.filter((m): m is CandleDelta => !isStatus(m));
    expect(deltas.map((d) => d.kind)).toEqual(['reset', 'update', 'append']);
    expect(deltas[0]).toMatchObject({ kind: 'reset', interval: '1m', bars: [{ time: 0, close: 1 }, { time: 60_000, close: 2 }] });
    expect(deltas[1]).toMatchObject({ kind: 'update', bar: { time: 60_000, close: 2.5 } });
    expect(deltas[2]).toMatchObject({ kind: 'append', bar: { time: 120_000, close: 3 } });
  });

  it('gives a chart that joins late a reset of the current bars, on the same poll', async () => {
    const { api, market, watch } = start();
    const first = watch<CandleDelta | StatusMessage>((cb) => api.watchCandles({ id: 1, interval: '1m' }, cb));
    await expect.poll(() => first.messages.some((m) => m.kind === 'reset')).toBe(true);
    market.bars = [...market.bars, bar(120_000, '3.00')];
    await expect.poll(() => first.messages.some((m) => m.kind === 'append')).toBe(true);
    const before = market.count('product/kdata');
    const late = watch<CandleDelta | StatusMessage>((cb) => api.watchCandles({ id: 1, interval: '1m' }, cb));
    expect(late.messages[0]).toMatchObject({ kind: 'reset', bars: [{ time: 0 }, { time: 60_000 }, { time: 120_000 }] });
    expect(market.count('product/kdata')).toBe(before);
  });

  it('sends countdown batches as typed arrays about once a second, on the server clock', async () => {
    const market = fakeMarket();
    market.skewMs = 60_000; // the phone's clock is a minute behind the server
    market.holdList = [openOrder(7, Date.now() + market.skewMs + 30_000), openOrder(8, Date.now() + market.skewMs + 40_000)];
    const { api, watch } = start(market);
    const w = watch<CountdownEvent>((cb) => api.watchCountdown(cb));
    await sleep(2_300);
    const ticks = w.messages.filter((m) => m.kind === 'tick');
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(4);
    const last = ticks.at(-1);
    expect(last?.ids).toBeInstanceOf(Int32Array);
    expect(last?.remainingMs).toBeInstanceOf(Int32Array);
    expect([...(last?.ids ?? [])]).toEqual([7, 8]);
    // Measured on the server clock: about 28 s left, not 88 s.
    expect(last?.remainingMs[0]).toBeGreaterThan(26_000);
    expect(last?.remainingMs[0]).toBeLessThan(30_000);
    const periodic = ticks.slice(1);
    for (const t of periodic) expect(t.at % 1000).toBe(0);
  });

  it('asks for the hold list again at once when an order falls due, until it has left the list', async () => {
    const market = fakeMarket();
    const settleTime = Date.now() + 600;
    market.holdList = [openOrder(9, settleTime)];
    const { api, watch } = start(market);
    const countdown = watch<CountdownEvent>((cb) => api.watchCountdown(cb));
    const holds = watch<OrdersMessage>((cb) => api.watchHoldList(cb));
    await expect.poll(() => countdown.messages.some((m) => m.kind === 'due'), { timeout: 2_000 }).toBe(true);
    const due = countdown.messages.find((m) => m.kind === 'due');
    expect(due).toMatchObject({ kind: 'due', ids: [9] });
    // Right away, not at the next 400 ms period.
    await expect.poll(() => market.requests.some((r) => r.path === 'order/hold_list' && r.at >= settleTime && r.at < settleTime + 60)).toBe(true);
    // The server settles a moment later: the chase keeps asking until the order has gone.
    const asked = market.count('order/hold_list');
    await sleep(350);
    expect(market.count('order/hold_list')).toBeGreaterThan(asked);
    market.holdList = [];
    await expect.poll(() => holds.messages.some((m) => m.kind === 'patch' && m.removed.includes(9))).toBe(true);
  });

  it('reports a 401 to the app once per token', async () => {
    const market = fakeMarket();
    market.unauthorized = true;
    const { api, watch } = start(market);
    const onUnauthorized = vi.fn();
    api.setUnauthorizedHandler(onUnauthorized);
    const w = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    await expect.poll(() => onUnauthorized.mock.calls.length).toBe(1);
    await expect.poll(() => w.messages.some((m) => isStatus(m) && m.reconnecting)).toBe(true);
    await sleep(1_200);
    expect(market.count('product/list')).toBeGreaterThanOrEqual(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('marks a panel stale when its data is old, and clears the mark when data returns', async () => {
    const market = fakeMarket();
    const api = createMarketApi({ fetch: market.fetch, periods: { ...FAST, products: 1_000 }, random: () => 0 });
    api.setSession({ apiBase: '/api', token: 't', lang: 'en' });
    const messages: ProductsMessage[] = [];
    const handle = api.watchProducts((m) => messages.push(m));
    cleanup.push(() => api.unsubscribe(handle));
    await expect.poll(() => messages.some((m) => m.kind === 'reset')).toBe(true);
    market.failing = true;
    // staleAfter(1000) is 5 s; meanwhile the poll backs off (1 s, 2 s, 4 s with this jitter draw).
    await expect.poll(() => messages.some((m) => isStatus(m) && m.stale && m.reconnecting), { timeout: 8_000 }).toBe(true);
    market.failing = false;
    await expect.poll(() => messages.at(-1), { timeout: 8_000 }).toMatchObject({ kind: 'status', stale: false, reconnecting: false });
  }, 20_000);
});

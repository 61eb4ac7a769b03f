// The worker's logic on the page with a fetch the test controls. Tests wait for the request or message they
// depend on; where the absence of a request is the point, time is virtual (vitest fake timers), never slept.
// market.worker.test.ts checks the real Worker and comlink on top of this.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CandleDelta } from '../streams/messages.ts';
import { createMarketApi } from './market-api.ts';
import type { OrdersMessage, ProductsMessage, StatusMessage } from './messages.ts';
import { bar, fakeMarket, type FakeMarket } from './testing/fake-market.ts';

const FAST = { products: 100, kdata: 100, turnover: 100, holdList: 400, productOrders: 400, orderList: 400 };
/** A period no test waits out: only the first request of such a poll ever happens. */
const NEVER = 3_600_000;

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const done of cleanup) done();
  cleanup = [];
  vi.useRealTimers();
});

function start(market: FakeMarket = fakeMarket(), periods: Partial<typeof FAST> = {}) {
  const api = createMarketApi({ fetch: market.fetch, periods: { ...FAST, ...periods }, random: () => 0 });
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

/**
 * Waits for a condition without moving virtual time: expect.poll and vi.waitFor advance fake timers by their
 * interval on every check, so under fake timers they would hide exactly the timing a test asserts. This yields
 * real macrotasks (MessageChannel is not faked) until the condition holds.
 */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 5_000; i++) {
    if (condition()) return;
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  }
  throw new Error(`never happened: ${what}`);
}

const isStatus = (m: { kind: string }): m is StatusMessage => m.kind === 'status';

describe('market worker logic', () => {
  it('sends the session headers and shares one poll between two subscribers', async () => {
    // With an hour's period a poll asks exactly once; a second, unshared poll would ask again at subscription,
    // before its own first answer could reach the second subscriber.
    const { api, market, watch } = start(fakeMarket(), { products: NEVER });
    const a = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    const b = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    await expect.poll(() => a.messages.some((m) => m.kind === 'reset') && b.messages.some((m) => m.kind === 'reset')).toBe(true);
    const requests = market.requests.filter((r) => r.path === 'product/list');
    expect(requests).toHaveLength(1);
    // A public market read: GET, without the member's token, so any cache on the way may keep it.
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(requests[0]?.headers.get('Accept-Language')).toBe('vn');
  });

  it('asks once per period, on virtual time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { api, market, watch } = start();
    const w = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    await until(() => w.messages.some((m) => m.kind === 'reset'), 'the first list');
    expect(market.count('product/list')).toBe(1);
    // Just short of a period nothing is asked; at the period, exactly one more request.
    await vi.advanceTimersByTimeAsync(FAST.products - 1);
    expect(market.count('product/list')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => market.count('product/list') === 2, 'the second request');
    const [first, second] = market.requests.filter((r) => r.path === 'product/list');
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBe(FAST.products);
  });

  it('sends only the fields that changed, and nothing while the list stays the same', async () => {
    const { api, market, watch } = start();
    const w = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    await expect.poll(() => w.messages.filter((m) => m.kind === 'reset').length).toBe(1);
    // Three more answers of the same list: still no patch.
    const answered = market.count('product/list');
    await expect.poll(() => market.count('product/list')).toBeGreaterThanOrEqual(answered + 3);
    expect(w.messages.filter((m) => m.kind === 'patch')).toEqual([]);
    // After the whole list, each poll asks only for what moved since the last answer.
    const bodies = market.requests.filter((r) => r.path === 'product/list').map((r) => r.body);
    expect(bodies[0]).toEqual({});
    expect(bodies.slice(1).every((b) => typeof b['since'] === 'number')).toBe(true);
    market.products = market.products.map((p) => (p.id === 2 ? { ...p, price: '99.00' } : p));
    await expect.poll(() => w.messages.filter((m) => m.kind === 'patch').length).toBe(1);
    const patch = w.messages.find((m) => m.kind === 'patch');
    // The price alone: the page holds the row's name, symbol and the rest.
    expect(patch).toEqual({ kind: 'patch', upserts: [], removed: [], total: market.products.length, changes: [{ id: 2, price: '99.00' }] });
  });

  it('pauses while hidden and asks again at once when visible', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { api, market, watch } = start();
    const w = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    await until(() => w.messages.some((m) => m.kind === 'reset'), 'the first list');
    api.setVisible(false);
    const whileHidden = market.count('product/list');
    // A minute of virtual time, six hundred periods: not one request while hidden.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(market.count('product/list')).toBe(whileHidden);
    const shownAt = Date.now();
    api.setVisible(true);
    await until(() => market.count('product/list') === whileHidden + 1, 'a request on return');
    // At once: no virtual time has passed since the page became visible.
    expect(market.requests.filter((r) => r.path === 'product/list').at(-1)?.at).toBe(shownAt);
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

  it('reports a 401 to the app once per token', async () => {
    const market = fakeMarket();
    market.unauthorized = true;
    const { api, watch } = start(market);
    const onUnauthorized = vi.fn();
    api.setUnauthorizedHandler(onUnauthorized);
    const w = watch<ProductsMessage>((cb) => api.watchProducts(cb));
    await expect.poll(() => onUnauthorized.mock.calls.length).toBe(1);
    await expect.poll(() => w.messages.some((m) => isStatus(m) && m.reconnecting)).toBe(true);
    // The poll keeps asking (with back-off) and keeps getting 401: still one report.
    await expect.poll(() => market.count('product/list'), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not report a 401 for a request sent before the session had a token', async () => {
    const market = fakeMarket();
    market.unauthorized = true;
    const api = createMarketApi({ fetch: market.fetch, periods: { ...FAST, holdList: NEVER }, random: () => 0 });
    const onUnauthorized = vi.fn();
    api.setUnauthorizedHandler(onUnauthorized);
    // A member-only subscription opened before the page's session reached the worker (signed in a moment ago).
    api.setSession({ apiBase: 'http://test.invalid/api', token: null, lang: 'en' });
    const messages: OrdersMessage[] = [];
    const handle = api.watchHoldList((m) => messages.push(m));
    cleanup.push(() => api.unsubscribe(handle));
    await expect.poll(() => messages.some((m) => isStatus(m) && m.reconnecting)).toBe(true);
    expect(market.requests.map((r) => r.headers.get('Authorization'))).toEqual(['']);
    expect(onUnauthorized).not.toHaveBeenCalled();
    // The session arrives: the poll asks again at once with the token, and a 401 for that token is the member's.
    api.setSession({ apiBase: 'http://test.invalid/api', token: 'tok-new', lang: 'en' });
    await expect.poll(() => onUnauthorized.mock.calls.length).toBe(1);
    expect(market.requests.map((r) => r.headers.get('Authorization'))).toEqual(['', 'tok-new']);
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

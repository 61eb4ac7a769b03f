// The worker's one order store through its API, with a fetch the test controls. Tests wait for the message
// they depend on (expect.poll), never for time: the due orders here are already due when they arrive.
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../contract/market.ts';
import { applySettled } from '../shared/settled-results.ts';
import { createMarketApi } from './market-api.ts';
import type { ClockMessage, ListDelta, OrdersMessage } from './messages.ts';
import { DUE_MAX_TRIES } from './periods.ts';
import { fakeMarket, openOrder, type FakeMarket } from './testing/fake-market.ts';

// Long periods: each poll asks once, so every later request is the store's own doing.
const SLOW = { products: 60_000, kdata: 60_000, turnover: 60_000, holdList: 60_000, productOrders: 60_000, orderList: 60_000 };

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const done of cleanup) done();
  cleanup = [];
});

function start(market: FakeMarket) {
  const api = createMarketApi({ fetch: market.fetch, periods: SLOW, random: () => 0 });
  api.setSession({ apiBase: 'http://test.invalid/api', token: 'tok-1', lang: 'en' });
  const watch = <M>(open: (cb: (m: M) => void) => number) => {
    const messages: M[] = [];
    const handle = open((m) => messages.push(m));
    cleanup.push(() => api.unsubscribe(handle));
    return messages;
  };
  return { api, watch };
}

/** The rows a list-diff stream adds up to. */
function rowsOf(messages: readonly OrdersMessage[]): Map<number, Order> {
  const rows = new Map<number, Order>();
  for (const m of messages) {
    if (m.kind === 'status') continue;
    const delta: ListDelta<Order> = m;
    if (delta.kind === 'reset') {
      rows.clear();
      for (const o of delta.items) rows.set(o.id, o);
    } else {
      for (const id of delta.removed) rows.delete(id);
      for (const o of delta.upserts) rows.set(o.id, o);
      // A result of a row already sent comes as its id and profit: rebuilt as the page does.
      if (delta.settled) applySettled(rows, delta.settled);
    }
  }
  return rows;
}

const settle = (o: Order): Order => ({ ...o, status: 'won', settlePrice: '101.00', profit: '8.50' });

describe('the order store in the worker', () => {
  it('shows a created order on every order screen at once, without asking any list again', async () => {
    const market = fakeMarket();
    const { api, watch } = start(market);
    const holds = watch<OrdersMessage>((cb) => api.watchHoldList(cb));
    const mine = watch<OrdersMessage>((cb) => api.watchProductOrders({ id: 1 }, cb));
    await expect.poll(() => rowsOf(holds).size === 0 && holds.length > 0 && mine.length > 0).toBe(true);
    const listsBefore = market.count('order/hold_list') + market.count('product/orders');

    const placed = openOrder(41, Date.now() + 3_600_000);
    api.orderCreated(placed);
    expect(rowsOf(holds).get(41)).toEqual(placed);
    expect(rowsOf(mine).get(41)).toEqual(placed);
    expect(market.count('order/hold_list') + market.count('product/orders')).toBe(listsBefore);
  });

  it('places an order with the page’s Idempotency-Key; the answer is in the store at once, and a retry stays one row', async () => {
    const market = fakeMarket();
    const { api, watch } = start(market);
    const mine = watch<OrdersMessage>((cb) => api.watchProductOrders({ id: 2 }, cb));
    await expect.poll(() => mine.length > 0).toBe(true);
    const body = { productId: 2, direction: 'fall' as const, amount: '25.00', cycle: 60 };

    const first = await api.createOrder({ body, idempotencyKey: 'key-123456' });
    if (!first.ok) throw new Error(first.key);
    // In the store before the call resolved: no list was asked for it.
    expect(rowsOf(mine).get(first.order.id)).toEqual(first.order);
    const sent = market.requests.filter((r) => r.path === 'order/create');
    expect(sent.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['key-123456']);
    expect(sent[0]?.body).toEqual(body);

    // The answer was lost on the way, say, and the page retries with the same key: the same order, one row.
    const again = await api.createOrder({ body, idempotencyKey: 'key-123456' });
    expect(again).toEqual(first);
    expect([...rowsOf(mine).values()].filter((o) => o.productId === 2)).toHaveLength(1);
  });

  it('answers a refused order as plain data with the server’s error key', async () => {
    const market = fakeMarket();
    market.failing = true;
    const { api } = start(market);
    const result = await api.createOrder({ body: { productId: 1, direction: 'rise', amount: '10.00', cycle: 30 }, idempotencyKey: 'key-abcdefgh' });
    expect(result).toEqual({ ok: false, status: 0, key: 'error.network', fields: {} });
  });

  it('asks for a due order by id and shows its result on every screen; the hold list is not asked again', async () => {
    const market = fakeMarket();
    const due = openOrder(7, Date.now() - 1_000);
    const later = openOrder(8, Date.now() + 3_600_000);
    market.holdList = [due, later];
    market.settled = [settle(due)];
    const { api, watch } = start(market);
    const holds = watch<OrdersMessage>((cb) => api.watchHoldList(cb));
    const mine = watch<OrdersMessage>((cb) => api.watchProductOrders({ id: 1 }, cb));

    await expect.poll(() => rowsOf(mine).get(7)?.status).toBe('won');
    await expect.poll(() => [...rowsOf(holds).keys()]).toEqual([8]);
    const asked = market.requests.filter((r) => r.path === 'order/results').map((r) => r.body['ids']);
    expect(asked).toEqual([[7]]);
    expect(market.count('order/hold_list')).toBe(1);
  });

  it('asks again for a due order the chase gave up on, once a whole hold list leaves it out', async () => {
    const market = fakeMarket();
    const due = openOrder(11, Date.now() - 1_000);
    // The server has not settled it yet: every try of the chase finds it open, and the chase gives up.
    market.holdList = [due];
    // The hold list poll runs on its own here (every 20 ms); the test waits for what it brings.
    const api = createMarketApi({ fetch: market.fetch, periods: { ...SLOW, holdList: 20 }, random: () => 0 });
    api.setSession({ apiBase: 'http://test.invalid/api', token: 'tok-1', lang: 'en' });
    const mine: OrdersMessage[] = [];
    const handles = [api.watchHoldList(() => undefined), api.watchProductOrders({ id: 1 }, (m) => mine.push(m))];
    cleanup.push(() => handles.forEach((h) => api.unsubscribe(h)));
    const asked = () => market.requests.filter((r) => r.path === 'order/results').map((r) => r.body['ids']);
    await expect.poll(() => asked().length, { timeout: 5_000 }).toBe(DUE_MAX_TRIES);
    expect(rowsOf(mine).get(11)?.status).toBe('open');

    // Now settled there: the server counts no open order, so the whole list is read, and it leaves 11 out.
    market.holdList = [];
    market.settled = [settle(due)];
    await expect.poll(() => rowsOf(mine).get(11)?.status, { timeout: 5_000 }).toBe('won');
    expect(asked().slice(DUE_MAX_TRIES)).toEqual([[11]]);
  });

  it('keeps a settled result when a later list still says open', async () => {
    const market = fakeMarket();
    const due = openOrder(9, Date.now() - 1_000);
    market.holdList = [due];
    market.settled = [settle(due)];
    const { api, watch } = start(market);
    const mine = watch<OrdersMessage>((cb) => api.watchProductOrders({ id: 1 }, cb));
    await expect.poll(() => rowsOf(mine).get(9)?.status).toBe('won');
    // The product poll asks again (the page came back into view); its answer still lists 9 as open, with a new 10.
    market.holdList = [due, openOrder(10, Date.now() + 3_600_000)];
    api.setVisible(false);
    api.setVisible(true);
    await expect.poll(() => rowsOf(mine).has(10)).toBe(true);
    // Not even for a moment: no message after the result shows 9 open again.
    // The result comes as 9's id and profit (the page holds 9 already), or whole.
    const wonAt = mine.findIndex(
      (m) =>
        m.kind === 'patch' &&
        (m.upserts.some((o) => o.id === 9 && o.status === 'won') || (m.settled ?? []).some((g) => g.status === 'won' && g.results.some(([id]) => id === 9))),
    );
    const reopened = mine.slice(wonAt).some((m) => m.kind !== 'status' && (m.kind === 'reset' ? m.items : m.upserts).some((o) => o.id === 9 && o.status === 'open'));
    expect(wonAt).toBeGreaterThanOrEqual(0);
    expect(reopened).toBe(false);
  });

  it('publishes the server clock offset, not per-second countdowns', async () => {
    const market = fakeMarket();
    market.skewMs = 600_000;
    const { api, watch } = start(market);
    watch<OrdersMessage>((cb) => api.watchHoldList(cb));
    const clock = watch<ClockMessage>((cb) => api.watchClock(cb));
    await expect.poll(() => clock.length).toBeGreaterThan(0);
    const first = clock[0];
    expect(first?.kind).toBe('clock');
    expect(Math.abs((first?.offsetMs ?? 0) - 600_000)).toBeLessThan(1_000);
  });

  it('polls the hold list since a cursor, and asks for the whole list again when the open counts disagree', async () => {
    const market = fakeMarket();
    const far = Date.now() + 3_600_000;
    market.holdList = [openOrder(1, far), openOrder(2, far)];
    // This test lets the hold list poll run on its own (every 20 ms) and waits for what it brings.
    const api = createMarketApi({ fetch: market.fetch, periods: { ...SLOW, holdList: 20 }, random: () => 0 });
    api.setSession({ apiBase: 'http://test.invalid/api', token: 'tok-1', lang: 'en' });
    const holds: OrdersMessage[] = [];
    const handle = api.watchHoldList((m) => holds.push(m));
    cleanup.push(() => api.unsubscribe(handle));
    const holdBodies = () => market.requests.filter((r) => r.path === 'order/hold_list').map((r) => r.body);
    await expect.poll(() => holdBodies().length).toBeGreaterThanOrEqual(3);
    // The whole list once, then only since the cursor (answers with no rows while nothing changes).
    expect(holdBodies()[0]).toEqual({});
    expect(holdBodies().slice(1).every((b) => typeof b['since'] === 'number')).toBe(true);

    // Another device placed an order the cursor cannot see (opened long before it): the count says 3, the
    // store has 2, so the next poll asks for the whole list, which brings it.
    const asked = holdBodies().length;
    market.holdList = [...market.holdList, { ...openOrder(3, far), openTime: 0 }];
    await expect.poll(() => rowsOf(holds).has(3)).toBe(true);
    const whole = holdBodies().findIndex((b, i) => i >= asked && b['since'] === undefined);
    expect(whole).toBeGreaterThan(asked);
    expect(typeof holdBodies()[whole - 1]?.['since']).toBe('number');
  });

  it('polls one product\'s orders since the server\'s cursor: each change once; a refused cursor or another account starts over', async () => {
    const market = fakeMarket();
    const far = Date.now() + 3_600_000;
    const a = openOrder(1, far);
    const b = openOrder(2, far);
    // What the server answers next, one per product/orders request, in order.
    const answers: (Response | { items: Order[]; cursor: string })[] = [
      { items: [a], cursor: '5:5:' },
      { items: [b], cursor: '6:6:' },
      { items: [], cursor: '6:6:' },
      { items: [settle(a)], cursor: '7:7:' },
      Response.json({ code: 4000, msg: 'error.validation', fields: { cursor: 'field.invalid' } }, { status: 400 }),
      { items: [settle(a), b], cursor: '9:9:' },
      { items: [], cursor: '3:3:' },
    ];
    market.respond = (path) => {
      if (path !== 'product/orders') return undefined;
      const next = answers.shift();
      if (next === undefined) throw new Error('more product/orders requests than the test expects');
      return next instanceof Response ? next : Response.json({ code: 0, msg: '', data: { ...next, serverTime: Date.now() } });
    };
    const { api, watch } = start(market);
    const mine = watch<OrdersMessage>((cb) => api.watchProductOrders({ id: 1 }, cb));
    const cursors = () => market.requests.filter((r) => r.path === 'product/orders').map((r) => r.body['cursor']);
    const lists = () => mine.filter((m) => m.kind !== 'status');
    const askAgain = async (n: number) => {
      api.refresh();
      await expect.poll(() => cursors().length).toBe(n);
    };

    await expect.poll(() => rowsOf(mine).get(1)).toEqual(a);
    expect(cursors()).toEqual([undefined]);
    await askAgain(2);
    await expect.poll(() => rowsOf(mine).get(2)).toEqual(b);
    const afterB = lists().length;
    // Nothing changed: an empty answer, and no message to the page.
    await askAgain(3);
    await askAgain(4);
    await expect.poll(() => rowsOf(mine).get(1)?.status).toBe('won');
    expect(lists().length).toBe(afterB + 1);
    expect(rowsOf(mine).get(2)).toEqual(b);
    // The server could not read the cursor: the next poll asks for the whole answer, which changes nothing here.
    await askAgain(5);
    await askAgain(6);
    await expect.poll(() => cursors()[5]).toBeUndefined();
    expect(lists().length).toBe(afterB + 1);
    // Another member on this device: never the old member's cursor.
    api.setSession({ apiBase: 'http://test.invalid/api', token: 'tok-2', lang: 'en' });
    await expect.poll(() => cursors().length).toBe(7);
    expect(cursors()).toEqual([undefined, '5:5:', '6:6:', '6:6:', '7:7:', undefined, undefined]);
  });

  it('puts a new result on top of the first history page at once, without asking for the page again', async () => {
    const market = fakeMarket();
    const due = openOrder(21, Date.now() - 1_000);
    market.holdList = [due];
    market.settled = [settle(due)];
    const { api, watch } = start(market);
    const history = watch<OrdersMessage>((cb) => api.watchOrderList({ page: 1, size: 20 }, cb));
    watch<OrdersMessage>((cb) => api.watchHoldList(cb));
    await expect.poll(() => rowsOf(history).get(21)?.status).toBe('won');
    const last = history.filter((m) => m.kind !== 'status').at(-1);
    expect(last?.kind === 'patch' ? last.total : null).toBe(1);
    expect(market.count('order/list')).toBe(1);
  });
});

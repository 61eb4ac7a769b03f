// An in-page stand-in for the API server, for tests of the worker logic: a fetch that answers the market
// and order paths from plain data the test changes, and records every request it was given.
import type { Bar, Order, ProductSummary } from '../../contract/market.ts';

export interface RecordedRequest {
  /** Without the query. */
  readonly path: string;
  readonly method: string;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
  readonly at: number;
  aborted: boolean;
}

export interface FakeMarket {
  readonly fetch: typeof fetch;
  readonly requests: RecordedRequest[];
  products: ProductSummary[];
  bars: Bar[];
  holdList: Order[];
  /** Settled orders: order/results answers from these first, then from the hold list. */
  settled: Order[];
  /** Fail every request as a network error would. */
  failing: boolean;
  /** Answer every request with HTTP 401. */
  unauthorized: boolean;
  /** Hold answers this long (an abort rejects at once). */
  delayMs: number;
  /** serverTime = Date.now() + skewMs. */
  skewMs: number;
  /** order/create answers, by Idempotency-Key: a retry with the same key gets the same order back. */
  readonly createdByKey: Map<string, Order>;
  count(path: string): number;
  /** Answers a request before the plain data does (a cursor answer, a refusal); undefined: the usual answer. */
  respond: ((path: string, body: Record<string, unknown>) => Response | undefined) | null;
}

export const product = (id: number, changePct: string, category: ProductSummary['category'] = 'crypto'): ProductSummary => ({
  id,
  symbol: `P${id}`,
  name: `Product ${id}`,
  category,
  price: '100.00',
  changePct,
  decimals: 2,
  open: true,
  // As the server sends it: null while open.
  nextOpen: null,
});

export const bar = (time: number, close: string): Bar => [time, close, close, close, close, '1'];

export function openOrder(id: number, settleTime: number): Order {
  return {
    id, orderNo: `N${id}`, productId: 1, symbol: 'P1', direction: 'rise', amount: '10.00', fee: '0.20', cycle: 30, payoutRate: '0.85',
    openPrice: '100.00', openTime: settleTime - 30_000, settleTime, settlePrice: null, status: 'open', profit: null,
  };
}

const sleep = (ms: number, signal: AbortSignal | null | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

export function fakeMarket(): FakeMarket {
  const market: FakeMarket = {
    requests: [],
    products: [product(1, '1.50'), product(2, '-3.20'), product(3, '0.10')],
    bars: [bar(0, '1.00'), bar(60_000, '2.00')],
    holdList: [],
    settled: [],
    unauthorized: false,
    failing: false,
    delayMs: 0,
    skewMs: 0,
    createdByKey: new Map(),
    respond: null,
    count: (path) => market.requests.filter((r) => r.path === path).length,
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const [path = '', query = ''] = url.replace(/^.*\/api\//, '').split('?');
      // A public market read comes as GET with query parameters (numbers as decimal text), the rest as a JSON body.
      const body =
        init?.method === 'GET'
          ? Object.fromEntries([...new URLSearchParams(query)].map(([k, v]) => [k, /^-?\d+$/.test(v) ? Number(v) : v]))
          : (JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>);
      const recorded: RecordedRequest = { path, method: init?.method ?? 'GET', body, headers: new Headers(init?.headers), at: Date.now(), aborted: false };
      market.requests.push(recorded);
      init?.signal?.addEventListener('abort', () => (recorded.aborted = true));
      await sleep(market.delayMs, init?.signal);
      if (market.failing) throw new TypeError('Failed to fetch');
      if (market.unauthorized) return Response.json({ code: 4010, msg: 'error.unauthorized' }, { status: 401 });
      const given = market.respond?.(path, body);
      if (given !== undefined) return given;
      const serverTime = Date.now() + market.skewMs;
      const data = path === 'order/create' ? create(market, body, recorded.headers, serverTime) : answer(market, path, body, serverTime);
      return data === null ? Response.json({ code: 4040, msg: 'error.not_found' }, { status: 404 }) : Response.json({ code: 0, msg: '', data });
    },
  };
  return market;
}

/** Places an open order (ids from 1000 up), once per Idempotency-Key, as the server's idempotency does. */
function create(market: FakeMarket, body: Record<string, unknown>, headers: Headers, serverTime: number): Order {
  const key = headers.get('Idempotency-Key') ?? crypto.randomUUID();
  const known = market.createdByKey.get(key);
  if (known) return known;
  const cycle = typeof body['cycle'] === 'number' ? body['cycle'] : 30;
  const order: Order = {
    ...openOrder(1000 + market.createdByKey.size, serverTime + cycle * 1000),
    productId: typeof body['productId'] === 'number' ? body['productId'] : 1,
    direction: body['direction'] === 'fall' ? 'fall' : 'rise',
    amount: typeof body['amount'] === 'string' ? body['amount'] : '10.00',
    cycle,
    openTime: serverTime,
  };
  market.createdByKey.set(key, order);
  market.holdList.push(order);
  return order;
}

function answer(market: FakeMarket, path: string, body: Record<string, unknown>, serverTime: number): unknown {
  switch (path) {
    case 'product/list':
      // With `since`, every product's quote (the fake does not track what moved: the worker must cope with repeats).
      return typeof body['since'] === 'number'
        ? { items: [], quotes: market.products.map((p) => ({ id: p.id, price: p.price, changePct: p.changePct, open: p.open, ...(p.nextOpen === undefined ? {} : { nextOpen: p.nextOpen }) })), serverTime }
        : { items: market.products, serverTime };
    case 'product/kdata': {
      const since = typeof body['since'] === 'number' ? body['since'] : -Infinity;
      return { interval: body['interval'], bars: market.bars.filter((b) => b[0] >= since), serverTime };
    }
    case 'product/trunover':
      return { price: '2.00', changePct: '0.00', open: true, nextOpen: null, volume24h: '1', amount24h: '2.00', high24h: '2.00', low24h: '1.00', trades: [], serverTime };
    case 'order/hold_list': {
      const since = typeof body['since'] === 'number' ? body['since'] : undefined;
      if (since === undefined) return { items: market.holdList, serverTime };
      return { items: market.holdList.filter((o) => o.openTime >= since), openCount: market.holdList.length, serverTime };
    }
    case 'product/orders':
      return { items: market.holdList, cursor: '1:1:', serverTime };
    case 'order/results': {
      const ids = Array.isArray(body['ids']) ? body['ids'] : [];
      const known = [...market.settled, ...market.holdList];
      const items = ids.flatMap((id) => known.find((o) => o.id === id) ?? []).filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i);
      return { items, serverTime };
    }
    case 'order/list':
      return { items: [], total: 0, serverTime };
    default:
      return null;
  }
}

import { filter, map, merge, type Observable } from 'rxjs';
import type { IntervalName } from '../streams/inputs.ts';
import { compactSettled } from '../streams/compact-settled.ts';
import type { CandleDelta, PollState } from '../streams/messages.ts';
import { cachedFirst } from './cached-first.ts';
import { candleDeltas, kdataPoll, keepCandles } from './candles.ts';
import { createHub, dataOf, type HubDeps } from './hub.ts';
import { listDelta, listSnapshot } from './list-delta.ts';
import { createRowsInView, withLiveQuotes, type DatedPage } from './live-rows.ts';
import { liveStatus } from './live-status.ts';
import type { MarketCache } from './market-cache.ts';
import type {
  ClockMessage, ListDelta, OrdersMessage, ProductsMessage, QuoteMessage, Session, StatusMessage, SubscriptionHandle, TapeMessage,
} from './messages.ts';
import type { PageParams } from './order-polls.ts';
import { createOrders, type CreateOrderParams, type CreateOrderResult } from './orders.ts';
import { watchResults$, type ResultsMessage } from './results.ts';
import { FULL_LIST_EVERY, LIST_LOOKBACK_MS, staleAfter } from './periods.ts';
import { applyQuotes } from '../streams/apply-quotes.ts';
import { createSubscriptions, type Callback } from './subscriptions.ts';
import { quoteDeltas, tapeDeltas, turnoverFeed } from './turnover.ts';
import type { Order, ProductSummary } from '../contract/market.ts';
import type { ErrorKey } from '../contract/errors.ts';

/** With a status stream merged in, a panel knows when to show its stale or reconnecting mark. */
const withStatus = <M, T>(deltas$: Observable<M>, poll$: Observable<PollState<T>>, periodMs: number, hub: ReturnType<typeof createHub>) =>
  merge(deltas$, liveStatus(poll$, staleAfter(periodMs), hub.scheduler, (nextInMs) => staleAfter(Math.max(periodMs, nextInMs)))) as Observable<M | StatusMessage>;

export interface MarketApiDeps extends HubDeps {
  /** Where the last product list and charts are kept for the next visit (src/workers/market-cache.ts); none in most tests. */
  readonly cache?: MarketCache;
}

/**
 * The market worker's API: everything here is called from the page through comlink. Subscriptions take a
 * callback (`comlink.proxy(fn)` from the page) and return a handle for `unsubscribe`.
 * `deps.fetch` is the transport: the worker passes its own fetch; tests on the page pass one they control.
 */
export function createMarketApi(deps: MarketApiDeps) {
  const hub = createHub(deps);
  const orders = createOrders(hub);
  const subscriptions = createSubscriptions();

  /**
   * The product list: the whole list first, then only the quotes that moved since the last answer (`since`), laid
   * over the list held here. The whole list again every FULL_LIST_EVERY polls (a product added or withdrawn), and at
   * once when a quote names a product the list lacks.
   */
  const rowsInView = createRowsInView(hub.scheduler);
  let rowsShown = 0;
  rowsInView.ids$.subscribe((ids) => (rowsShown = ids.length));
  /** While the stream quotes the rows in view, the list is only read for the rest (and products added) now and then. */
  const productsPeriod = (): number => (rowsShown > 0 && hub.live.isHealthy() ? hub.periods.productsWhileLive : hub.periods.products);
  const productsPoll = (): Observable<PollState<DatedPage>> =>
    hub.poll('product/list', {
      periodMs: hub.periods.products,
      nextPeriodMs: productsPeriod,
      // The stream stopped: the rows in view need the poll's pace again at once.
      refresh$: hub.live.healthy$.pipe(filter((healthy) => !healthy && rowsShown > 0)),
      request: (() => {
        let held: ProductSummary[] | null = null;
        let since: number | undefined;
        let polls = 0;
        return async (signal: AbortSignal): Promise<DatedPage> => {
          polls += 1;
          const asked = polls % FULL_LIST_EVERY === 0 || held === null ? undefined : since;
          let answer = await hub.post('product/list', asked === undefined ? {} : { since: asked }, signal);
          // No `quotes` (a server that does not know `since`): its whole list stands.
          let merged = asked === undefined || held === null || answer.quotes === undefined ? answer.items : applyQuotes(held, answer.quotes.map((q) => ({ nextOpen: null, ...q })));
          if (merged === null) {
            // A product this list lacks: the whole list, now.
            answer = await hub.post('product/list', {}, signal);
            merged = answer.items;
          }
          if (merged === answer.items) deps.cache?.writeProducts(merged);
          // A tick read a moment before the answer was computed may commit just after: the next poll looks back a little.
          since = answer.serverTime - LIST_LOOKBACK_MS;
          held = merged;
          return { items: merged, total: merged.length, asOf: answer.serverTime };
        };
      })(),
    });

  return {
    /** The ready handshake: resolves once the worker runs; returns the API version. */
    ping: (): number => 1,
    /** Where to send requests and with which headers; a new token or language asks every poll again. */
    setSession(session: Session): void {
      hub.setSession(session);
    },
    /** The page forwards document.visibilityState: hidden pauses every poll, visible asks again at once. */
    setVisible(visible: boolean): void {
      hub.setVisible(visible);
    },
    /** Called (once per token) when the server answers 401, with its reason, so the app can go to /login. */
    setUnauthorizedHandler(handler: ((reason: ErrorKey) => void) | null): void {
      hub.onUnauthorized(handler);
    },
    /** The order/create answer: it enters the order store at once, and every screen showing orders gets it. */
    orderCreated(order: Order): void {
      orders.created(order);
    },
    /** Places an order (order/create with the page's Idempotency-Key); a success is in the store before this resolves. */
    createOrder: (params: CreateOrderParams): Promise<CreateOrderResult> => orders.create(params),
    /**
     * The server clock: serverNow − deviceNow() in ms (src/shared/clock.ts), at once when known and again on each change. With each
     * order's settle time (in its row), the page paints the countdowns itself; nothing crosses per second.
     */
    watchClock(callback: Callback<ClockMessage>): SubscriptionHandle {
      return subscriptions.open(hub.offset$.pipe(map((offsetMs): ClockMessage => ({ kind: 'clock', offsetMs }))), callback);
    },
    /** All products (the screens filter by category), as list diffs. */
    watchProducts(callback: Callback<ProductsMessage>): SubscriptionHandle {
      const deltas$ = hub.derived(
        'products',
        () => withLiveQuotes(dataOf(productsPoll()), rowsInView, hub.live).pipe(listDelta<ProductSummary>({ fields: true })),
        listSnapshot<ProductSummary>,
      );
      const live$ = withStatus(deltas$, productsPoll(), hub.periods.products, hub);
      // A repeat visit: the list stored last time shows at once, marked stale, until the first answer.
      const stored = deps.cache?.readProducts().then((items) => (items ? { kind: 'reset' as const, items, total: items.length } : null));
      return subscriptions.open(stored ? cachedFirst<ListDelta<ProductSummary>>(stored, live$) : live$, callback);
    },
    /**
     * The product rows a screen has in view now (`owner` names the screen or slot; an empty list when it goes): the
     * live stream quotes them as they move, and the list poll slows down meanwhile.
     */
    setRowsInView(owner: string, ids: readonly number[]): void {
      rowsInView.set(owner, ids.filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, 60));
    },
    /** One chart's candles: a reset with the history, then append/update per change. */
    watchCandles(params: { readonly id: number; readonly interval: IntervalName }, callback: Callback<CandleDelta | StatusMessage>): SubscriptionHandle {
      const { id, interval } = params;
      const chart = `${id}:${interval}`;
      const cache = deps.cache;
      const deltas$ = cache ? candleDeltas(hub, id, interval).pipe(keepCandles(cache, chart)) : candleDeltas(hub, id, interval);
      const live$ = withStatus(deltas$, kdataPoll(hub, id, interval), hub.periods.kdata, hub);
      // A repeat visit: this chart's last stored bars show at once, marked stale, until the first kdata answer.
      const stored = cache?.readCandles(chart).then((bars) => (bars ? { kind: 'reset' as const, interval, bars } : null));
      return subscriptions.open(stored ? cachedFirst<CandleDelta>(stored, live$) : live$, callback);
    },
    /** The trade tape and 24 h figures of one product. */
    watchTape(params: { readonly id: number }, callback: Callback<TapeMessage>): SubscriptionHandle {
      return subscriptions.open(withStatus(tapeDeltas(hub, params.id), turnoverFeed(hub, params.id), hub.periods.turnover, hub), callback);
    },
    /** One product's live quote, from the same poll as its tape: a screen of one product never reads the whole list. */
    watchQuote(params: { readonly id: number }, callback: Callback<QuoteMessage>): SubscriptionHandle {
      return subscriptions.open(withStatus(quoteDeltas(hub, params.id), turnoverFeed(hub, params.id), hub.periods.turnover, hub), callback);
    },
    /** My open orders (order/hold_list). */
    watchHoldList(callback: Callback<OrdersMessage>): SubscriptionHandle {
      return subscriptions.open(withStatus(orders.holdList().pipe(compactSettled()), orders.holdListPoll(), hub.periods.holdList, hub), callback);
    },
    /** My orders on one product (open ones and the latest settled ones). */
    watchProductOrders(params: { readonly id: number }, callback: Callback<OrdersMessage>): SubscriptionHandle {
      return subscriptions.open(
        withStatus(orders.productOrders(params.id).pipe(compactSettled()), orders.productOrdersPoll(params.id), hub.periods.productOrders, hub),
        callback,
      );
    },
    /** One page of my settled orders, newest first. */
    watchOrderList(params: PageParams, callback: Callback<OrdersMessage>): SubscriptionHandle {
      return subscriptions.open(withStatus(orders.orderList(params).pipe(compactSettled()), orders.orderListPoll(params), hub.periods.orderList, hub), callback);
    },
    /** Pull to refresh: every running poll asks again now (their lists come as diffs, so no row is doubled). */
    refresh: (): void => hub.refreshNow(),
    /** My orders as they settle, app-wide (one message per burst): for the result toast and the balances. */
    watchResults: (callback: Callback<ResultsMessage>): SubscriptionHandle => subscriptions.open(watchResults$(orders, hub.scheduler), callback),
    unsubscribe(handle: SubscriptionHandle): void {
      subscriptions.close(handle);
    },
    /** Live subscriptions, for tests and leak checks. */
    subscriptionCount: (): number => subscriptions.count(),
  };
}

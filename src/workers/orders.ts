import {
  bufferCount, debounceTime, defer, finalize, distinctUntilChanged, EMPTY, filter, from, map, merge, mergeMap, Observable, of, Subject, type Subscription,
  switchMap, tap,
} from 'rxjs';
import type { Order } from '../contract/market.ts';
import type { OpenOrder } from '../streams/inputs.ts';
import type { PollState } from '../streams/messages.ts';
import { chaseResults, dueIds } from '../streams/due-orders.ts';
import { ABSENT_GRACE_MS, orderStore, type OrderChange, type OrderInput } from '../streams/order-store.ts';
import type { Req } from '../contract/api.ts';
import { dataOf, type Hub } from './hub.ts';
import { withNewResults } from './history-page.ts';
import { listDelta, listSnapshot, type ListPage } from './list-delta.ts';
import type { ListDelta } from './messages.ts';
import { DUE_MAX_TRIES, DUE_RETRY_MS, RESULTS_BATCH } from './periods.ts';
import { storeView } from './store-view.ts';
import { RequestError } from './transport.ts';

/** What the page asks the worker to place, and the key that makes a retry the same order. */
export interface CreateOrderParams {
  readonly body: Req<'order/create'>;
  readonly idempotencyKey: string;
}

/** order/create's outcome as plain data (an Error does not cross comlink with its fields). */
export type CreateOrderResult =
  | { readonly ok: true; readonly order: Order }
  | { readonly ok: false; readonly status: number; readonly key: string; readonly fields: Readonly<Record<string, string>> };

export interface PageParams {
  readonly page: number;
  readonly size: number;
}

interface Answer {
  readonly items: readonly Order[];
  readonly serverTime: number;
}

/** A hold list answer; with `since`, only the orders opened since, and the count of all open ones. */
interface HoldAnswer extends Answer {
  readonly since: number | undefined;
  readonly openCount?: number | undefined;
}

/**
 * The worker's one order store. Every source goes in: the order/create answer (handed over by the page at
 * once), the hold list (the open set), one product's orders, the history pages, and the due chase, which
 * asks for the due orders' results by id. The views (hold list, one product's orders) are filters of the
 * store, so a settled result reaches every screen from the same row, and no list can take it back to open.
 */
export function createOrders(hub: Hub) {
  const inputs$ = new Subject<OrderInput<Order>>();
  const changes$ = new Subject<OrderChange<Order>>();
  /** The store's rows as of the last change, for a view that opens later. Null until the first input. */
  let rows: Map<number, Order> | null = null;
  /** Open orders that left the hold list after their settle time: asked for by id again (the chase may have given up). */
  const recheck$ = new Subject<readonly number[]>();
  /** The store's open orders after each change: what the due timer watches. */
  const open$ = new Subject<readonly OpenOrder[]>();
  let running: Subscription | null = null;
  /** Orders the store has just seen go from open to settled (for the history's first page). */
  const justSettled$ = new Subject<readonly Order[]>();
  /** Each hold list answer, once the store has taken it. */
  const holdAnswered$ = new Subject<void>();
  /** serverNow − schedulerNow, as last estimated. */
  let offsetMs = 0;

  /**
   * The hold list's cursor: the server time of the last answer, less the grace for a create that committed
   * just after that answer was read. Undefined: ask for the whole list (first time, or the counts disagreed).
   */
  let holdCursor: number | undefined;
  /** Screens showing my open orders now: without one, the hold list only keeps the open set known, less often. */
  let holdViews = 0;
  const holdViewOpened$ = new Subject<void>();
  const holdListPoll = (): Observable<PollState<HoldAnswer>> =>
    hub.poll('order/hold_list', {
      periodMs: hub.periods.holdList,
      // With no order list on screen, only an order placed on another device waits for it (this device's own
      // orders and every result come at once): a quarter of the requests on / and /hq.
      nextPeriodMs: () => (holdViews > 0 ? hub.periods.holdList : hub.periods.holdListBackground),
      refresh$: holdViewOpened$,
      request: async (signal) => {
        const since = holdCursor;
        const answer = await hub.post('order/hold_list', since === undefined ? {} : { since }, signal);
        return { ...answer, since };
      },
    });

  /**
   * product/orders' cursors per product: after the first answer, each poll gets only the orders opened or settled
   * since (exactly once, the server's snapshot cursor). Forgotten with the account (`cursorGeneration` keeps an
   * answer to the old account's request from setting one), and when the server cannot read one.
   */
  const productCursors = new Map<number, string>();
  let cursorGeneration = 0;
  const productOrdersPoll = (id: number): Observable<PollState<Answer>> =>
    hub.poll(`product/orders:${id}`, {
      periodMs: hub.periods.productOrders,
      // A market closed by its hours takes no order from any device, and its open ones settle by the due chase: its
      // screen asks once a minute. Open (or not known yet), another device's order shows within the period.
      nextPeriodMs: () => (hub.live.isOpen(id) === false ? hub.periods.productOrdersQuiet : hub.periods.productOrders),
      request: async (signal) => {
        const cursor = productCursors.get(id);
        const generation = cursorGeneration;
        try {
          const answer = await hub.post('product/orders', cursor === undefined ? { id } : { id, cursor }, signal);
          if (generation === cursorGeneration) productCursors.set(id, answer.cursor);
          return answer;
        } catch (error) {
          // Not this database's cursor (a restore, another server): the next poll asks for the whole answer.
          if (error instanceof RequestError && error.status === 400 && cursor !== undefined) productCursors.delete(id);
          throw error;
        }
      },
    });

  const orderListPoll = ({ page, size }: PageParams): Observable<PollState<ListPage<Order> & { serverTime: number }>> =>
    hub.poll(`order/list:${page}:${size}`, {
      periodMs: hub.periods.orderList,
      request: async (signal) => {
        const answer = await hub.post('order/list', { page, size }, signal);
        return { items: answer.items, total: answer.total, serverTime: answer.serverTime };
      },
    });

  const openOrders = (): OpenOrder[] => {
    const open: OpenOrder[] = [];
    for (const o of rows?.values() ?? []) if (o.status === 'open') open.push({ id: o.id, settleTime: o.settleTime });
    return open;
  };

  /** Starts the store and the due chase once, on the first view; they live as long as the worker. */
  const ensureRunning = (): void => {
    if (running !== null) return;
    running = inputs$.pipe(orderStore<Order>()).subscribe((change) => {
      const settledNow: Order[] = [];
      if (change.kind === 'reset') rows = new Map(change.orders.map((o) => [o.id, o]));
      else {
        rows ??= new Map();
        for (const id of change.removed) rows.delete(id);
        for (const o of change.upserts) {
          if (o.status !== 'open' && rows.get(o.id)?.status === 'open') settledNow.push(o);
          rows.set(o.id, o);
        }
      }
      open$.next(openOrders());
      changes$.next(change);
      if (settledNow.length > 0) justSettled$.next(settledNow);
    });
    running.add(hub.offset$.subscribe((offset) => (offsetMs = offset)));
    const due$ = merge(dueIds(open$, hub.offset$, { scheduler: hub.scheduler }), recheck$).pipe(
      // The contract takes at most RESULTS_BATCH ids per request.
      mergeMap((ids) => from(ids).pipe(bufferCount(RESULTS_BATCH))),
    );
    const fetchResults = (ids: readonly number[]): Observable<{ orders: readonly Order[]; at: number }> =>
      new Observable<{ orders: readonly Order[]; at: number }>((subscriber) => {
        // Aborted if the chase is torn down (a new session) while the request is in flight.
        const abort = new AbortController();
        hub.post('order/results', { ids: [...ids] }, abort.signal).then(
          (a) => {
            subscriber.next({ orders: a.items, at: a.serverTime });
            subscriber.complete();
          },
          (error: unknown) => subscriber.error(error),
        );
        return () => abort.abort();
      });
    running.add(
      due$
        .pipe(chaseResults(fetchResults, { retryMs: DUE_RETRY_MS, maxTries: DUE_MAX_TRIES, scheduler: hub.scheduler }))
        .subscribe((answer) => inputs$.next({ kind: 'results', ids: answer.ids, orders: answer.orders, at: answer.at })),
    );
    running.add(
      hub.accountChanged$.subscribe(() => {
        holdCursor = undefined;
        productCursors.clear();
        cursorGeneration += 1;
        inputs$.next({ kind: 'clear' });
      }),
    );
  };
  /** A filtered view of the store, fed by `feed$` (the poll it needs) while anyone watches it. */
  const view = (keep: (o: Order) => boolean, feed$: Observable<unknown>): Observable<ListDelta<Order>> => {
    ensureRunning();
    return storeView(changes$, () => rows, keep, feed$);
  };

  const holdFeed$ = (): Observable<unknown> =>
    dataOf(holdListPoll()).pipe(
      map((answer) => {
        if (answer.since !== undefined) {
          inputs$.next({ kind: 'rows', orders: answer.items, at: answer.serverTime });
          // The store holds as many open orders as the server: the cursor stands. Otherwise a change was
          // missed (another device, a server restart): the next poll asks for the whole list.
          holdCursor = answer.openCount === openOrders().length ? answer.serverTime - ABSENT_GRACE_MS : undefined;
          return null;
        }
        inputs$.next({ kind: 'open-set', orders: answer.items, at: answer.serverTime });
        holdCursor = answer.serverTime - ABSENT_GRACE_MS;
        const listed = new Set(answer.items.map((o) => o.id));
        const missing = openOrders().filter((o) => !listed.has(o.id) && o.settleTime <= answer.serverTime).map((o) => o.id);
        if (missing.length > 0) recheck$.next(missing);
        return null;
      }),
      tap(() => holdAnswered$.next()),
      filter(() => false),
    );

  const productFeed$ = (id: number): Observable<unknown> =>
    dataOf(productOrdersPoll(id)).pipe(
      map((answer) => inputs$.next({ kind: 'rows', orders: answer.items, at: answer.serverTime })),
      filter(() => false),
    );

  /**
   * While watched: reads the hold list once, then keeps polling it (cheap: `since` its cursor) only while the
   * store holds open orders, so the due chase knows of every open order whichever screen is shown.
   */
  const openSetFeed$ = (): Observable<unknown> =>
    merge(of(null), open$, holdAnswered$).pipe(
      // Decided after the store's change is done, never inside the hold answer that caused it.
      debounceTime(0, hub.scheduler),
      // Without a cursor the open set is unknown (no answer yet, or the counts disagreed): read on.
      map(() => holdCursor === undefined || openOrders().length > 0),
      distinctUntilChanged(),
      switchMap((needed) => (needed ? holdFeed$() : EMPTY)),
    );

  return {
    /**
     * Orders the store saw go from open to settled, as they settle (never an order first seen settled, so
     * nothing settled before the app loaded). Starts the store and the due chase.
     */
    settled$: (): Observable<readonly Order[]> => {
      ensureRunning();
      return justSettled$.asObservable();
    },
    openSetFeed$,
    /** The order/create answer enters the store at once (the page hands it over). */
    created(order: Order): void {
      ensureRunning();
      inputs$.next({ kind: 'created', order, at: order.openTime });
    },
    /**
     * Sends order/create with the page's Idempotency-Key; the answer enters the store at once. The store is
     * keyed by order id, so a retried create (same key, same order back) stays one row.
     */
    async create({ body, idempotencyKey }: CreateOrderParams): Promise<CreateOrderResult> {
      try {
        const order = await hub.post('order/create', body, new AbortController().signal, { idempotencyKey });
        ensureRunning();
        inputs$.next({ kind: 'created', order, at: order.openTime });
        return { ok: true, order };
      } catch (error) {
        if (error instanceof RequestError) return { ok: false, status: error.status, key: error.key, fields: error.fields };
        return { ok: false, status: 0, key: 'error.network', fields: {} };
      }
    },
    holdListPoll,
    productOrdersPoll,
    orderListPoll,
    /** My open orders: the store's open rows; the hold list poll keeps the open set right. */
    holdList: (): Observable<ListDelta<Order>> =>
      view(
        (o) => o.status === 'open',
        defer(() => {
          holdViews += 1;
          // A list coming on screen wants the open set now, not at the background pace's next turn.
          if (holdViews === 1) holdViewOpened$.next();
          return holdFeed$().pipe(finalize(() => (holdViews -= 1)));
        }),
      ),
    /** My orders on one product, open and settled, from the store. */
    productOrders: (id: number): Observable<ListDelta<Order>> => view((o) => o.productId === id, productFeed$(id)),
    /**
     * One history page: the server pages it, so the page's rows come from its poll; they also enter the store,
     * and a row the store knows better (a newer result) is shown from the store.
     */
    orderList: (params: PageParams): Observable<ListDelta<Order>> => {
      ensureRunning();
      return hub.derived(
        `order_list:${params.page}:${params.size}`,
        () => {
          const answers$ = dataOf(orderListPoll(params)).pipe(
            map((answer) => {
              inputs$.next({ kind: 'rows', orders: answer.items, at: answer.serverTime });
              return { items: answer.items.map((o) => rows?.get(o.id) ?? o), total: answer.total, serverTime: answer.serverTime };
            }),
          );
          // Page 1 shows a new result at once; later pages wait for their poll (nothing new lands there).
          const pages$ =
            params.page === 1 ? withNewResults(answers$, justSettled$, params.size, () => hub.scheduler.now() + offsetMs) : answers$;
          return pages$.pipe(listDelta<Order>());
        },
        listSnapshot<Order>,
      );
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;

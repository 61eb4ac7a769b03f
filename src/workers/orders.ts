import {
  bufferCount, type Connectable, connectable, defer, EMPTY, from, map, merge, mergeMap, type Observable, ReplaySubject, startWith, Subject, switchMap,
  tap, withLatestFrom,
} from 'rxjs';
import type { Req } from '../contract/api.ts';
import type { Order } from '../contract/market.ts';
import { chaseResults, dueIds } from '../streams/due-orders.ts';
import { afterHoldList, holdListInput, type HoldFollowUp } from '../streams/hold-list.ts';
import { holdListNeeded } from '../streams/hold-list-needed.ts';
import { justSettled } from '../streams/just-settled.ts';
import { orderRows, type OrderRows } from '../streams/order-rows.ts';
import { orderStore, type OrderInput } from '../streams/order-store.ts';
import { withNewResults } from './history-page.ts';
import { dataOf, type Hub } from './hub.ts';
import { listDelta, listSnapshot } from './list-delta.ts';
import type { ListDelta } from './messages.ts';
import { createOrderPolls, type PageParams } from './order-polls.ts';
import { DUE_MAX_TRIES, DUE_RETRY_MS, RESULTS_BATCH } from './periods.ts';
import { storeView } from './store-view.ts';
import { ApiFailure } from '../http/failure.ts';

/** What the page asks the worker to place, and the key that makes a retry the same order. */
export interface CreateOrderParams {
  readonly body: Req<'order/create'>;
  readonly idempotencyKey: string;
}

/** order/create's outcome as plain data (an Error does not cross comlink with its fields). */
export type CreateOrderResult =
  | { readonly ok: true; readonly order: Order }
  | { readonly ok: false; readonly status: number; readonly key: string; readonly fields: Readonly<Record<string, string>> };

/**
 * The worker's one order store. Every source goes in: the order/create answer (handed over by the page at
 * once), the hold list (the open set), one product's orders, the history pages, and the due chase, which
 * asks for the due orders' results by id. The views (hold list, one product's orders) are filters of the
 * store, so a settled result reaches every screen from the same row, and no list can take it back to open.
 */
export function createOrders(hub: Hub) {
  const polls = createOrderPolls(hub);
  /** What enters the store from outside it: the page's orders and the answers of the polls the screens run. */
  const inputs$ = new Subject<OrderInput<Order>>();
  /** Open orders a whole hold list left out after their settle time: their results are asked for again. */
  const recheck$ = new Subject<readonly number[]>();

  /** Each open order at its settle time on the server clock (one timer), and the rechecks. */
  const due$ = defer(() => merge(dueIds(store$.pipe(map((s) => s.open)), hub.offset$, { scheduler: hub.scheduler }), recheck$));
  /** The due chase: the results of due orders asked for by id, in requests the contract takes, into the store. */
  const results$: Observable<OrderInput<Order>> = due$.pipe(
    mergeMap((ids) => from(ids).pipe(bufferCount(RESULTS_BATCH))),
    chaseResults(polls.results, { retryMs: DUE_RETRY_MS, maxTries: DUE_MAX_TRIES, scheduler: hub.scheduler }),
    map((answer): OrderInput<Order> => ({ kind: 'results', ids: answer.ids, orders: answer.orders, at: answer.at })),
  );
  /** Another member or server: whatever was known of the old one is void. */
  const cleared$ = hub.accountChanged$.pipe(map((): OrderInput<Order> => ({ kind: 'clear' })));
  /** The store with its due chase: started on first use, it runs for the worker's life; a later reader gets its rows. */
  const store$: Connectable<OrderRows<Order>> = connectable(merge(inputs$, results$, cleared$).pipe(orderStore<Order>(), orderRows<Order>()), {
    connector: () => new ReplaySubject<OrderRows<Order>>(1),
    resetOnDisconnect: false,
  });
  const rows$ = defer(() => {
    store$.connect();
    return store$;
  });
  const put = (input: OrderInput<Order>): void => {
    store$.connect();
    inputs$.next(input);
  };

  /** The hold list's answers into the store, then its cursor and any recheck for the due chase. */
  const holdFeed$ = (): Observable<HoldFollowUp> =>
    dataOf(polls.holdList()).pipe(
      tap((answer) => put(holdListInput(answer))),
      withLatestFrom(rows$),
      map(([answer, { open }]) => afterHoldList(answer, open)),
      tap(({ cursor, recheck }) => {
        polls.holdCursor$.next(cursor);
        if (recheck.length > 0) recheck$.next(recheck);
      }),
    );

  /** One product's orders into the store. */
  const productFeed$ = (id: number) =>
    dataOf(polls.productOrders(id)).pipe(tap((answer) => put({ kind: 'rows', orders: answer.items, at: answer.serverTime })));

  /** A slice of the store as list diffs, fed by `feed$` (the poll it needs) while anyone watches it. */
  const view = (keep: (o: Order) => boolean, feed$: Observable<unknown>): Observable<ListDelta<Order>> => storeView(rows$, keep, feed$);

  return {
    /**
     * Orders the store saw go from open to settled, as they settle (never an order first seen settled, so
     * nothing settled before the app loaded). Starts the store and the due chase.
     */
    settled$: (): Observable<readonly Order[]> => rows$.pipe(justSettled<Order>()),
    /**
     * While watched: reads the hold list once, then keeps polling it (cheap: `since` its cursor) only while the
     * store holds open orders, so the due chase knows of every open order whichever screen is shown.
     */
    openSetFeed$: (): Observable<HoldFollowUp> =>
      holdListNeeded(polls.holdCursor$, rows$.pipe(map((s) => s.open.length), startWith(0)), hub.scheduler).pipe(
        switchMap((needed) => (needed ? holdFeed$() : EMPTY)),
      ),
    /** The order/create answer enters the store at once (the page hands it over). */
    created(order: Order): void {
      put({ kind: 'created', order, at: order.openTime });
    },
    /**
     * Sends order/create with the page's Idempotency-Key; the answer enters the store at once. The store is
     * keyed by order id, so a retried create (same key, same order back) stays one row.
     */
    async create({ body, idempotencyKey }: CreateOrderParams): Promise<CreateOrderResult> {
      try {
        const order = await hub.post('order/create', body, new AbortController().signal, { idempotencyKey });
        put({ kind: 'created', order, at: order.openTime });
        return { ok: true, order };
      } catch (error) {
        if (error instanceof ApiFailure) return { ok: false, status: error.status, key: error.key, fields: error.fields };
        return { ok: false, status: 0, key: 'error.network', fields: {} };
      }
    },
    holdListPoll: polls.holdList,
    productOrdersPoll: polls.productOrders,
    orderListPoll: polls.orderList,
    /** My open orders: the store's open rows; the hold list poll keeps the open set right. */
    holdList: (): Observable<ListDelta<Order>> => view((o) => o.status === 'open', polls.whileHoldListShown(holdFeed$)),
    /** My orders on one product, open and settled, from the store. */
    productOrders: (id: number): Observable<ListDelta<Order>> => view((o) => o.productId === id, productFeed$(id)),
    /**
     * One history page: the server pages it, so the page's rows come from its poll; they also enter the store,
     * and a row the store knows better (a newer result) is shown from the store.
     */
    orderList: (params: PageParams): Observable<ListDelta<Order>> =>
      hub.derived(
        `order_list:${params.page}:${params.size}`,
        () => {
          const answers$ = dataOf(polls.orderList(params)).pipe(
            tap((answer) => put({ kind: 'rows', orders: answer.items, at: answer.serverTime })),
            withLatestFrom(rows$),
            map(([answer, { rows }]) => ({ items: answer.items.map((o) => rows.get(o.id) ?? o), total: answer.total, serverTime: answer.serverTime })),
          );
          // Page 1 shows a new result at once; later pages wait for their poll (nothing new lands there).
          const pages$ = params.page === 1 ? withNewResults(answers$, rows$.pipe(justSettled<Order>()), params.size, hub.serverNow) : answers$;
          return pages$.pipe(listDelta<Order>());
        },
        listSnapshot<Order>,
      ),
  };
}

export type Orders = ReturnType<typeof createOrders>;

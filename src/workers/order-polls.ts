import { BehaviorSubject, defer, filter, finalize, Observable, pairwise } from 'rxjs';
import type { Order } from '../contract/market.ts';
import type { ResultsAnswer } from '../streams/due-orders.ts';
import type { HoldAnswer } from '../streams/hold-list.ts';
import type { PollState } from '../streams/messages.ts';
import type { Hub } from './hub.ts';
import type { ListPage } from './list-delta.ts';
import { ApiFailure } from '../http/failure.ts';

export interface PageParams {
  readonly page: number;
  readonly size: number;
}

/** An answer of rows at the server's time. */
export interface RowsAnswer {
  readonly items: readonly Order[];
  readonly serverTime: number;
}

/**
 * The worker's order requests, each asking only for what it lacks: the hold list `since` its cursor, one product's
 * orders since the server's snapshot cursor, the results of due orders by id. The cursors are the account's:
 * another account starts without them.
 */
export function createOrderPolls(hub: Hub) {
  /** The hold list's next `since` (see `afterHoldList`); undefined: ask for the whole list. */
  const holdCursor$ = new BehaviorSubject<number | undefined>(undefined);
  /** Screens showing my open orders now: without one, the hold list only keeps the open set known, less often. */
  const holdViews$ = new BehaviorSubject(0);
  /**
   * product/orders' cursors per product: after the first answer, each poll gets only the orders opened or settled
   * since (exactly once). Another account gets a new book, so an answer to the old account's request cannot set one.
   */
  let productCursors = new Map<number, string>();
  hub.accountChanged$.subscribe(() => {
    holdCursor$.next(undefined);
    productCursors = new Map();
  });

  const holdList = (): Observable<PollState<HoldAnswer<Order>>> =>
    hub.poll('order/hold_list', {
      periodMs: hub.periods.holdList,
      // With no order list on screen, only an order placed on another device waits for it (this device's own
      // orders and every result come at once): a quarter of the requests on / and /hq.
      nextPeriodMs: () => (holdViews$.value > 0 ? hub.periods.holdList : hub.periods.holdListBackground),
      // A list coming on screen wants the open set now, not at the background pace's next turn.
      refresh$: holdViews$.pipe(
        pairwise(),
        filter(([before, now]) => before === 0 && now === 1),
      ),
      request: async (signal) => {
        const since = holdCursor$.value;
        const answer = await hub.post('order/hold_list', since === undefined ? {} : { since }, signal);
        return { ...answer, since };
      },
    });

  const productOrders = (id: number): Observable<PollState<RowsAnswer>> =>
    hub.poll(`product/orders:${id}`, {
      periodMs: hub.periods.productOrders,
      // A market closed by its hours takes no order from any device, and its open ones settle by the due chase: its
      // screen asks once a minute. Open (or not known yet), another device's order shows within the period.
      nextPeriodMs: () => (hub.live.isOpen(id) === false ? hub.periods.productOrdersQuiet : hub.periods.productOrders),
      request: async (signal) => {
        const book = productCursors;
        const cursor = book.get(id);
        try {
          const answer = await hub.post('product/orders', cursor === undefined ? { id } : { id, cursor }, signal);
          book.set(id, answer.cursor);
          return answer;
        } catch (error) {
          // Not this database's cursor (a restore, another server): the next poll asks for the whole answer.
          if (error instanceof ApiFailure && error.status === 400 && cursor !== undefined) book.delete(id);
          throw error;
        }
      },
    });

  const orderList = ({ page, size }: PageParams): Observable<PollState<ListPage<Order> & { serverTime: number }>> =>
    hub.poll(`order/list:${page}:${size}`, {
      periodMs: hub.periods.orderList,
      request: async (signal) => {
        const answer = await hub.post('order/list', { page, size }, signal);
        return { items: answer.items, total: answer.total, serverTime: answer.serverTime };
      },
    });

  /** These orders' results (order/results), aborted if the chase is torn down while the request is in flight. */
  const results = (ids: readonly number[]): Observable<ResultsAnswer<Order>> =>
    new Observable<ResultsAnswer<Order>>((subscriber) => {
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

  /** `feed$` (the hold list's) counted as a screen showing my open orders while it runs: the foreground pace. */
  const whileHoldListShown = <T>(feed$: () => Observable<T>): Observable<T> =>
    defer(() => {
      holdViews$.next(holdViews$.value + 1);
      return feed$().pipe(finalize(() => holdViews$.next(holdViews$.value - 1)));
    });

  return { holdCursor$, holdList, whileHoldListShown, productOrders, orderList, results };
}

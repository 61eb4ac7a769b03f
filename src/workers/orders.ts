import { defer, map, type Observable, share, Subject, type Subscription, tap } from 'rxjs';
import type { Order } from '../contract/market.ts';
import type { OpenOrder } from '../streams/inputs.ts';
import type { CountdownEvent, PollState } from '../streams/messages.ts';
import { countdownTicks } from '../streams/countdown-ticks.ts';
import { dataOf, type Hub } from './hub.ts';
import { listDelta, listSnapshot, type ListPage } from './list-delta.ts';
import type { ListDelta } from './messages.ts';
import { DUE_CHASE_MAX, DUE_CHASE_MS } from './periods.ts';

export interface PageParams {
  readonly page: number;
  readonly size: number;
}

/**
 * Every order poll of the worker: the hold list (which drives the countdowns), one product's orders, and
 * the history pages. They all ask again at once when an order falls due or the member places one.
 */
export function createOrders(hub: Hub) {
  const refresh$ = new Subject<void>();

  const holdListPoll = (): Observable<PollState<ListPage<Order>>> =>
    hub.poll('order/hold_list', {
      periodMs: hub.periods.holdList,
      refresh$,
      request: async (signal) => {
        const answer = await hub.post('order/hold_list', {}, signal);
        return { items: answer.items, total: answer.items.length };
      },
    });

  const productOrdersPoll = (id: number): Observable<PollState<ListPage<Order>>> =>
    hub.poll(`product/orders:${id}`, {
      periodMs: hub.periods.productOrders,
      refresh$,
      request: async (signal) => {
        const answer = await hub.post('product/orders', { id }, signal);
        return { items: answer.items, total: answer.items.length };
      },
    });

  const orderListPoll = ({ page, size }: PageParams): Observable<PollState<ListPage<Order>>> =>
    hub.poll(`order/list:${page}:${size}`, {
      periodMs: hub.periods.orderList,
      refresh$,
      request: async (signal) => {
        const answer = await hub.post('order/list', { page, size }, signal);
        return { items: answer.items, total: answer.total };
      },
    });

  const deltas = (key: string, poll: () => Observable<PollState<ListPage<Order>>>): Observable<ListDelta<Order>> =>
    hub.derived(key, () => dataOf(poll()).pipe(listDelta<Order>()), listSnapshot<Order>);

  /**
   * The orders that fell due and are still open on the server: the hold list is asked again every
   * DUE_CHASE_MS until they have left it, because the server settles a moment after the settle time.
   */
  const chased = new Map<number, number>();
  let chase: Subscription | null = null;
  const chaseDue = (openIds: ReadonlySet<number>): void => {
    for (const [id, tries] of chased) {
      if (!openIds.has(id) || tries >= DUE_CHASE_MAX) chased.delete(id);
    }
    chase?.unsubscribe();
    chase = null;
    if (chased.size === 0) return;
    chase = hub.scheduler.schedule(() => {
      chase = null;
      for (const [id, tries] of chased) chased.set(id, tries + 1);
      refresh$.next();
    }, DUE_CHASE_MS);
  };

  const countdown$: Observable<CountdownEvent> = (() => {
    // defer: each time countdowns start again they ride the hold-list poll registered then.
    const open$ = defer(() => dataOf(holdListPoll())).pipe(
      tap((list) => chaseDue(new Set(list.items.filter((o) => o.status === 'open').map((o) => o.id)))),
      map((list): OpenOrder[] => list.items.filter((o) => o.status === 'open').map((o) => ({ id: o.id, settleTime: o.settleTime }))),
    );
    return countdownTicks(open$, hub.offset$, { scheduler: hub.scheduler }).pipe(
      tap((event) => {
        if (event.kind !== 'due') return;
        for (const id of event.ids) if (!chased.has(id)) chased.set(id, 0);
        refresh$.next();
      }),
      share(),
    );
  })();

  return {
    refresh: (): void => refresh$.next(),
    holdListPoll,
    productOrdersPoll,
    orderListPoll,
    holdList: (): Observable<ListDelta<Order>> => deltas('hold_list', holdListPoll),
    productOrders: (id: number): Observable<ListDelta<Order>> => deltas(`product_orders:${id}`, () => productOrdersPoll(id)),
    orderList: (params: PageParams): Observable<ListDelta<Order>> =>
      deltas(`order_list:${params.page}:${params.size}`, () => orderListPoll(params)),
    countdown: (): Observable<CountdownEvent> => countdown$,
  };
}

export type Orders = ReturnType<typeof createOrders>;

import { Observable, type SchedulerLike } from 'rxjs';
import type { Order } from '../contract/market.ts';
import { collectSettled } from '../streams/collect-settled.ts';
import type { Orders } from './orders.ts';

/** Results that settle this close together reach the page as one message (one toast). */
export const RESULTS_WINDOW_MS = 150;

/**
 * Orders that settled since the page subscribed, collapsed: one message per burst of results. Small whatever the
 * burst: the newest result whole (a toast for one order shows its prices), and every result as its id, grouped by
 * profit (a toast for many shows how many and the net).
 */
export interface ResultsMessage {
  readonly kind: 'results';
  readonly newest: Order;
  readonly byProfit: readonly { readonly profit: string; readonly ids: readonly number[] }[];
}

/** One burst as its message (null for an empty one). */
export function resultsMessage(batch: readonly Order[]): ResultsMessage | null {
  const newest = batch.at(-1);
  if (!newest) return null;
  const byProfit = new Map<string, number[]>();
  for (const o of batch) {
    const profit = o.profit ?? '0.00';
    byProfit.set(profit, [...(byProfit.get(profit) ?? []), o.id]);
  }
  return { kind: 'results', newest, byProfit: [...byProfit].map(([profit, ids]) => ({ profit, ids })) };
}

/**
 * The member's new results wherever the app is: the store's open → settled changes, collapsed per burst.
 * While watched, the hold list keeps the store's open set known (only while it has open orders), so the due
 * chase runs on every screen. Subscribe only while signed in: the hold list needs a member.
 */
export function watchResults$(orders: Orders, scheduler: SchedulerLike): Observable<ResultsMessage> {
  return new Observable<ResultsMessage>((subscriber) => {
    const batches = orders.settled$().pipe(collectSettled<Order>(RESULTS_WINDOW_MS, scheduler));
    const live = batches.subscribe((batch) => {
      const message = resultsMessage(batch);
      if (message) subscriber.next(message);
    });
    live.add(orders.openSetFeed$().subscribe({ error: (error: unknown) => subscriber.error(error) }));
    return live;
  });
}

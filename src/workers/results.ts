import { Observable, type SchedulerLike } from 'rxjs';
import type { Order } from '../contract/market.ts';
import { collectSettled } from '../streams/collect-settled.ts';
import type { Orders } from './orders.ts';

/** Results that settle this close together reach the page as one message (one toast). */
export const RESULTS_WINDOW_MS = 150;

/** Orders that settled since the page subscribed, collapsed: one message per burst of results. */
export interface ResultsMessage {
  readonly kind: 'results';
  readonly orders: readonly Order[];
}

/**
 * The member's new results wherever the app is: the store's open → settled changes, collapsed per burst.
 * While watched, the hold list keeps the store's open set known (only while it has open orders), so the due
 * chase runs on every screen. Subscribe only while signed in: the hold list needs a member.
 */
export function watchResults$(orders: Orders, scheduler: SchedulerLike): Observable<ResultsMessage> {
  return new Observable<ResultsMessage>((subscriber) => {
    const batches = orders.settled$().pipe(collectSettled<Order>(RESULTS_WINDOW_MS, scheduler));
    const live = batches.subscribe((batch) => subscriber.next({ kind: 'results', orders: batch }));
    live.add(orders.openSetFeed$().subscribe({ error: (error: unknown) => subscriber.error(error) }));
    return live;
  });
}

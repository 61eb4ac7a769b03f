import { Observable } from 'rxjs';
import type { Order } from '../contract/market.ts';
import type { ListPage } from './list-delta.ts';

/** A history answer as the worker polls it. */
export interface HistoryAnswer {
  readonly items: readonly Order[];
  readonly total: number;
  readonly serverTime: number;
}

/** The history's order: newest settle time first. */
const newestFirst = (a: Order, b: Order): number => b.settleTime - a.settleTime || b.id - a.id;

/**
 * The first history page, with the results the order store has just seen put on top at once: the screen
 * shows a result as soon as the due chase brings it, not at the page's next poll. A result the server's
 * answer already covers (it was seen before the answer was read, or the answer lists it) is the answer's again.
 */
export function withNewResults(
  answers$: Observable<HistoryAnswer>,
  justSettled$: Observable<readonly Order[]>,
  size: number,
  serverNow: () => number,
): Observable<ListPage<Order>> {
  return new Observable<ListPage<Order>>((subscriber) => {
    let answer: HistoryAnswer | null = null;
    const extra = new Map<number, { readonly order: Order; readonly seenAt: number }>();
    const emit = (): void => {
      if (answer === null) return;
      const onPage = new Set(answer.items.map((o) => o.id));
      const added = [...extra.values()].map((e) => e.order).filter((o) => !onPage.has(o.id));
      const items = [...added, ...answer.items].sort(newestFirst).slice(0, size);
      subscriber.next({ items, total: answer.total + added.length });
    };
    const answers = answers$.subscribe({
      next: (next) => {
        answer = next;
        const listed = new Set(next.items.map((o) => o.id));
        for (const [id, e] of extra) if (listed.has(id) || e.seenAt <= next.serverTime) extra.delete(id);
        emit();
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    });
    answers.add(
      justSettled$.subscribe((orders) => {
        const at = serverNow();
        for (const order of orders) extra.set(order.id, { order, seenAt: at });
        emit();
      }),
    );
    return answers;
  });
}

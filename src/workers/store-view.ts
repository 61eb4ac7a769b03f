import { Observable } from 'rxjs';
import type { OrderRows } from '../streams/order-rows.ts';
import type { Keyed } from './list-delta.ts';
import type { ListDelta } from './messages.ts';

/**
 * One screen's slice of the order store as list diffs: a reset of the rows it keeps (from the store's rows when
 * the view opens), then only the rows that entered, changed or left the slice. `feed$` (the poll the slice needs)
 * runs while the view is watched.
 */
export function storeView<T extends Keyed>(
  rows$: Observable<OrderRows<T>>,
  keep: (row: T) => boolean,
  feed$: Observable<unknown>,
): Observable<ListDelta<T>> {
  return new Observable<ListDelta<T>>((subscriber) => {
    const inView = new Set<number>();
    let opened = false;
    const reset = (all: Iterable<T>): void => {
      opened = true;
      inView.clear();
      const items: T[] = [];
      for (const row of all) {
        if (!keep(row)) continue;
        inView.add(row.id);
        items.push(row);
      }
      subscriber.next({ kind: 'reset', items, total: items.length });
    };
    const live = rows$.subscribe(({ change, rows }) => {
      if (!opened || change.kind === 'reset') return reset(rows.values());
      const upserts: T[] = [];
      const removed: number[] = [];
      for (const id of change.removed) if (inView.delete(id)) removed.push(id);
      for (const row of change.upserts) {
        if (keep(row)) {
          inView.add(row.id);
          upserts.push(row);
        } else if (inView.delete(row.id)) removed.push(row.id);
      }
      if (upserts.length > 0 || removed.length > 0) subscriber.next({ kind: 'patch', upserts, removed, total: inView.size });
    });
    live.add(feed$.subscribe({ error: (error: unknown) => subscriber.error(error) }));
    return live;
  });
}

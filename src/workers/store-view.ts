import { Observable } from 'rxjs';
import type { OrderChange } from '../streams/order-store.ts';
import type { Keyed } from './list-delta.ts';
import type { ListDelta } from './messages.ts';

/**
 * One screen's slice of the order store as list diffs: a reset of the rows it keeps, then only the rows that
 * entered, changed or left the slice. `feed$` (the poll the slice needs) runs while the view is watched.
 */
export function storeView<T extends Keyed>(
  changes$: Observable<OrderChange<T>>,
  current: () => ReadonlyMap<number, T> | null,
  keep: (row: T) => boolean,
  feed$: Observable<unknown>,
): Observable<ListDelta<T>> {
  return new Observable<ListDelta<T>>((subscriber) => {
    const inView = new Set<number>();
    const reset = (all: Iterable<T>): void => {
      inView.clear();
      const items: T[] = [];
      for (const row of all) {
        if (!keep(row)) continue;
        inView.add(row.id);
        items.push(row);
      }
      subscriber.next({ kind: 'reset', items, total: items.length });
    };
    const now = current();
    if (now !== null) reset(now.values());
    const live = changes$.subscribe((change) => {
      if (change.kind === 'reset') return reset(change.orders);
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

import { type OperatorFunction, scan } from 'rxjs';
import type { OpenOrder } from './inputs.ts';
import type { OrderChange, StoreOrder } from './order-store.ts';

/** The order store after one change: every row by id, and the open ones (what the due timer watches). */
export interface OrderRows<T> {
  /** The change that made these rows (a view applies it to its slice). */
  readonly change: OrderChange<T>;
  readonly rows: ReadonlyMap<number, T>;
  readonly open: readonly OpenOrder[];
}

/**
 * Folds the store's changes into its rows. Each value holds a map of its own, so a reader that keeps one (a view
 * opening later, a history page) never sees it change under it.
 */
export function orderRows<T extends StoreOrder>(): OperatorFunction<OrderChange<T>, OrderRows<T>> {
  return scan<OrderChange<T>, OrderRows<T>, null>((before, change) => {
    const rows = new Map(change.kind === 'reset' || before === null ? [] : before.rows);
    if (change.kind === 'reset') for (const o of change.orders) rows.set(o.id, o);
    else {
      for (const id of change.removed) rows.delete(id);
      for (const o of change.upserts) rows.set(o.id, o);
    }
    const open: OpenOrder[] = [];
    for (const o of rows.values()) if (o.status === 'open') open.push({ id: o.id, settleTime: o.settleTime });
    return { change, rows, open };
  }, null);
}

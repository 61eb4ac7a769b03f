import { filter, map, type OperatorFunction, pairwise } from 'rxjs';
import type { OrderRows } from './order-rows.ts';
import type { StoreOrder } from './order-store.ts';

/**
 * The orders each change of the store took from open to settled, as it happens: never an order first seen
 * settled (nothing settled before the app loaded), and a reader that joins late (the rows replayed to it) gets
 * only what settles after.
 */
export function justSettled<T extends StoreOrder>(): OperatorFunction<OrderRows<T>, readonly T[]> {
  return (rows$) =>
    rows$.pipe(
      pairwise(),
      map(([before, after]) =>
        after.change.kind === 'reset' ? [] : after.change.upserts.filter((o) => o.status !== 'open' && before.rows.get(o.id)?.status === 'open'),
      ),
      filter((settled) => settled.length > 0),
    );
}

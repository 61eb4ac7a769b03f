import { Observable, type OperatorFunction } from 'rxjs';

/** The fields of an order the store's merge rules read (the contract's Order fits). */
export interface StoreOrder {
  readonly id: number;
  readonly orderNo: string;
  readonly status: string;
  readonly openTime: number;
  readonly settleTime: number;
}

/**
 * What feeds the store. `at` is the server time of the answer (its serverTime), so answers that arrive out of
 * order can be ranked.
 * - `created`: the order/create answer, at once.
 * - `rows`: rows of any answer (product/orders, order/list): upserts only, nothing is inferred from absence.
 * - `open-set`: the hold list, the complete set of open orders at `at`.
 * - `results`: the answer to a results-by-id request; an asked id the server does not know is gone.
 * - `clear`: the session changed (another member, another server): forget everything.
 */
export type OrderInput<T extends StoreOrder> =
  | { readonly kind: 'created'; readonly order: T; readonly at: number }
  | { readonly kind: 'rows'; readonly orders: readonly T[]; readonly at: number }
  | { readonly kind: 'open-set'; readonly orders: readonly T[]; readonly at: number }
  | { readonly kind: 'results'; readonly ids: readonly number[]; readonly orders: readonly T[]; readonly at: number }
  | { readonly kind: 'clear' };

/** What the store publishes: one reset, then only the orders that were added, changed or removed. */
export type OrderChange<T> =
  | { readonly kind: 'reset'; readonly orders: readonly T[] }
  | { readonly kind: 'patch'; readonly upserts: readonly T[]; readonly removed: readonly number[] };

/**
 * An open order missing from a hold list read at least this long after it opened is gone from the server
 * (a restart on fresh data). The margin covers a list read in a snapshot taken just before the create committed.
 */
export const ABSENT_GRACE_MS = 2_000;

interface Held<T> {
  readonly order: T;
  /** Server time of the answer the row came from. */
  readonly at: number;
}

const isOpen = (o: StoreOrder): boolean => o.status === 'open';
/** Rows are compared by their JSON: small flat wire objects, and this catches any change. */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The merge rule, in one place:
 * - an id that now names another order (a server that restarted on fresh data) takes the new one;
 * - a settled order is final: no answer takes it back to open (a late or slow list cannot undo a result);
 * - an open row replaces an open row only when its answer is not older.
 */
export function accepts<T extends StoreOrder>(held: Held<T> | undefined, next: T, at: number): boolean {
  if (held === undefined) return true;
  const before = held.order;
  if (before.orderNo !== next.orderNo) return true;
  if (!isOpen(before)) return !isOpen(next) && !same(before, next);
  if (!isOpen(next)) return true;
  return at >= held.at && !same(before, next);
}

/** Settled orders the store keeps by default; the oldest go first (open orders are always kept). */
export const MAX_SETTLED = 2_000;

/**
 * One keyed order store: every source of orders goes in, and out come changes only. The first input gives
 * a reset (so a view knows it has loaded); after that, nothing is sent while nothing changed. It is bounded:
 * beyond `maxSettled` settled orders, the oldest settled ones leave (as removals).
 */
export function orderStore<T extends StoreOrder>(options: { readonly maxSettled?: number } = {}): OperatorFunction<OrderInput<T>, OrderChange<T>> {
  const maxSettled = options.maxSettled ?? MAX_SETTLED;
  return (source) =>
    new Observable<OrderChange<T>>((subscriber) => {
      const held = new Map<number, Held<T>>();
      let started = false;
      const countSettled = (): number => {
        let n = 0;
        for (const h of held.values()) if (!isOpen(h.order)) n += 1;
        return n;
      };

      const apply = (input: OrderInput<T>): { upserts: T[]; removed: number[] } => {
        const upserts: T[] = [];
        const removed: number[] = [];
        const put = (order: T, at: number): void => {
          if (!accepts(held.get(order.id), order, at)) return;
          held.set(order.id, { order, at });
          upserts.push(order);
        };
        const drop = (id: number): void => {
          if (held.delete(id)) removed.push(id);
        };
        switch (input.kind) {
          case 'clear':
            for (const id of [...held.keys()]) drop(id);
            break;
          case 'created':
            put(input.order, input.at);
            break;
          case 'rows':
            for (const o of input.orders) put(o, input.at);
            break;
          case 'results': {
            const known = new Set(input.orders.map((o) => o.id));
            for (const o of input.orders) put(o, input.at);
            for (const id of input.ids) if (!known.has(id)) drop(id);
            break;
          }
          case 'open-set': {
            const listed = new Set(input.orders.map((o) => o.id));
            for (const o of input.orders) put(o, input.at);
            for (const [id, h] of held) {
              // Still open here but not in the list: settled after its time (its result is fetched by id), or,
              // before its settle time, gone from the server.
              if (listed.has(id) || !isOpen(h.order)) continue;
              if (input.at >= h.order.openTime + ABSENT_GRACE_MS && input.at < h.order.settleTime) drop(id);
            }
            break;
          }
        }
        const settled = countSettled();
        if (settled > maxSettled) {
          const oldest = [...held.values()].filter((h) => !isOpen(h.order)).sort((a, b) => a.order.settleTime - b.order.settleTime);
          for (const h of oldest.slice(0, settled - maxSettled)) {
            held.delete(h.order.id);
            removed.push(h.order.id);
          }
          const gone = new Set(removed);
          return { upserts: upserts.filter((o) => !gone.has(o.id)), removed };
        }
        return { upserts, removed };
      };

      return source.subscribe({
        next: (input) => {
          const { upserts, removed } = apply(input);
          if (!started) {
            started = true;
            subscriber.next({ kind: 'reset', orders: [...held.values()].map((h) => h.order) });
            return;
          }
          if (upserts.length > 0 || removed.length > 0) subscriber.next({ kind: 'patch', upserts, removed });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

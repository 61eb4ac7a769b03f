import { Observable, type OperatorFunction } from 'rxjs';

/** The fields of a row that a result changes (the contract's Order fits). */
export interface SettlingRow {
  readonly id: number;
  readonly status: string;
  readonly settlePrice: string | null;
  readonly profit: string | null;
}

/**
 * Results that share an outcome and a settle price (a burst of orders on one product settles at one price). The
 * page rebuilds the rows with src/shared/settled-results.ts (applySettled), which takes this same shape.
 */
export interface SettledGroup {
  readonly status: string;
  readonly settlePrice: string;
  /** [order id, profit] of each. */
  readonly results: readonly (readonly [id: number, profit: string])[];
}

/** A keyed list as diffs (the worker's ListDelta); `settled` carries results of rows the receiver already has. */
export type SettlingChange<T> =
  | { readonly kind: 'reset'; readonly items: readonly T[]; readonly total: number }
  | { readonly kind: 'patch'; readonly upserts: readonly T[]; readonly removed: readonly number[]; readonly total: number; readonly settled?: readonly SettledGroup[] };

/** Whether `after` is `before` with only its result filled in: the receiver can rebuild it from the result alone. */
function onlyResultChanged<T extends SettlingRow>(before: T, after: T): boolean {
  if (before.status !== 'open' || after.status === 'open' || after.settlePrice === null || after.profit === null) return false;
  return JSON.stringify({ ...before, status: after.status, settlePrice: after.settlePrice, profit: after.profit }) === JSON.stringify(after);
}

/**
 * Per receiver: an open row it already has that settles crosses as its id and profit, grouped by outcome and
 * settle price, not as the whole row again. A hundred orders settling at once is then about 1.5 KB instead of
 * about 30 KB. Anything else (a new row, any other change) goes as it came.
 */
export function compactSettled<T extends SettlingRow>(): OperatorFunction<SettlingChange<T>, SettlingChange<T>> {
  return (source) =>
    new Observable<SettlingChange<T>>((subscriber) => {
      /** What the receiver holds, as it was last sent. */
      const held = new Map<number, T>();
      return source.subscribe({
        next: (change) => {
          if (change.kind === 'reset') {
            held.clear();
            for (const row of change.items) held.set(row.id, row);
            subscriber.next(change);
            return;
          }
          const upserts: T[] = [];
          const groups = new Map<string, { status: string; settlePrice: string; results: [number, string][] }>();
          for (const row of change.upserts) {
            const before = held.get(row.id);
            held.set(row.id, row);
            if (before === undefined || !onlyResultChanged(before, row) || row.settlePrice === null || row.profit === null) {
              upserts.push(row);
              continue;
            }
            const key = `${row.status}|${row.settlePrice}`;
            const group = groups.get(key) ?? { status: row.status, settlePrice: row.settlePrice, results: [] };
            group.results.push([row.id, row.profit]);
            groups.set(key, group);
          }
          for (const id of change.removed) held.delete(id);
          subscriber.next(groups.size === 0 ? change : { ...change, upserts, settled: [...groups.values()] });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

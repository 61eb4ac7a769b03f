import { Observable, type OperatorFunction } from 'rxjs';
import { applyRowChanges, type RowChange } from '../shared/row-changes.ts';
import type { ListDelta } from './messages.ts';
import type { SnapshotState } from './share-with-snapshot.ts';

export interface Keyed {
  readonly id: number;
}

export interface ListPage<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** Rows are compared by their JSON: the wire rows are small flat objects, and this catches any change. */
const sameRow = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The id and the fields of `row` that differ from `before` (flat wire rows: each field compared by its JSON);
 * null when nothing did, 'whole' when a field is gone (laying the change over the held row would keep it).
 */
function changedFields<T extends Keyed>(before: T, row: T): RowChange<T> | 'whole' | null {
  const held = before as Record<string, unknown>;
  if (Object.keys(held).some((key) => !(key in row))) return 'whole';
  const change: Record<string, unknown> = {};
  let any = false;
  for (const [key, value] of Object.entries(row)) {
    if (JSON.stringify(value) === JSON.stringify(held[key])) continue;
    change[key] = value;
    any = true;
  }
  return any ? ({ ...change, id: row.id } as RowChange<T>) : null;
}

/**
 * Turns whole lists (each poll's answer) into diffs: a reset first, then patches with only the rows that
 * changed or left, and nothing at all while the list stays the same. With `fields`, a row the page already holds
 * crosses as its id and the fields that changed (`changes`): a price tick of twenty products is a few hundred
 * bytes, not every name and category again.
 */
export function listDelta<T extends Keyed>(options: { readonly fields?: boolean } = {}): OperatorFunction<ListPage<T>, ListDelta<T>> {
  return (source) =>
    new Observable<ListDelta<T>>((subscriber) => {
      let previous: Map<number, T> | null = null;
      let previousTotal = 0;
      return source.subscribe({
        next: (page) => {
          const next = new Map(page.items.map((row) => [row.id, row]));
          if (previous === null) {
            previous = next;
            previousTotal = page.total;
            subscriber.next({ kind: 'reset', items: page.items, total: page.total });
            return;
          }
          const upserts: T[] = [];
          const changes: RowChange<T>[] = [];
          for (const [id, row] of next) {
            const before = previous.get(id);
            const change = before === undefined ? 'whole' : options.fields ? changedFields(before, row) : sameRow(before, row) ? null : 'whole';
            if (change === 'whole') upserts.push(row);
            else if (change !== null) changes.push(change);
          }
          const removed: number[] = [];
          for (const id of previous.keys()) if (!next.has(id)) removed.push(id);
          const changed = upserts.length > 0 || changes.length > 0 || removed.length > 0 || page.total !== previousTotal;
          previous = next;
          previousTotal = page.total;
          if (changed) subscriber.next({ kind: 'patch', upserts, removed, total: page.total, ...(changes.length > 0 ? { changes } : {}) });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

/** The current rows of a list delta stream, for late subscribers. */
export function listSnapshot<T extends Keyed>(): SnapshotState<ListDelta<T>> {
  let rows: Map<number, T> | null = null;
  let total = 0;
  return {
    take(delta) {
      total = delta.total;
      if (delta.kind === 'reset') {
        rows = new Map(delta.items.map((row) => [row.id, row]));
        return;
      }
      rows ??= new Map();
      for (const id of delta.removed) rows.delete(id);
      for (const row of delta.upserts) rows.set(row.id, row);
      applyRowChanges(rows, delta.changes);
    },
    snapshot: () => (rows === null ? null : { kind: 'reset', items: [...rows.values()], total }),
  };
}

import { Observable, type OperatorFunction } from 'rxjs';
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
 * Turns whole lists (each poll's answer) into diffs: a reset first, then patches with only the rows that
 * changed or left, and nothing at all while the list stays the same.
 */
export function listDelta<T extends Keyed>(): OperatorFunction<ListPage<T>, ListDelta<T>> {
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
          for (const [id, row] of next) {
            const before = previous.get(id);
            if (before === undefined || !sameRow(before, row)) upserts.push(row);
          }
          const removed: number[] = [];
          for (const id of previous.keys()) if (!next.has(id)) removed.push(id);
          const changed = upserts.length > 0 || removed.length > 0 || page.total !== previousTotal;
          previous = next;
          previousTotal = page.total;
          if (changed) subscriber.next({ kind: 'patch', upserts, removed, total: page.total });
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
    },
    snapshot: () => (rows === null ? null : { kind: 'reset', items: [...rows.values()], total }),
  };
}

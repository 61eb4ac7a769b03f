/** A held row's id and the fields of it that changed (src/workers/list-delta.ts sends them for the product list). */
export type RowChange<T> = Partial<T> & { readonly id: number };

/** The receiver's side: each named row with its changed fields laid over it (a row not held is skipped). */
export function applyRowChanges<T extends { readonly id: number }>(rows: Map<number, T>, changes: readonly RowChange<T>[] | undefined): void {
  for (const change of changes ?? []) {
    const before = rows.get(change.id);
    if (before !== undefined) rows.set(change.id, { ...before, ...change });
  }
}

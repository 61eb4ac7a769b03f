/**
 * Keeps each row where it first appeared, for as long as one screen lives: a row that changes (an order
 * that settles) stays in its place instead of jumping to another part of the list. The first rows are placed
 * by `initial`; rows that arrive later (a new order) go above them, among themselves also by `initial`.
 */
export function createStableOrder<T extends { readonly id: number }>(initial: (a: T, b: T) => number) {
  const rank = new Map<number, number>();
  /** The rank the next late arrival takes its place above. */
  let top = 0;
  return {
    /** Whether this row has been placed (was shown) on this screen. */
    has: (id: number): boolean => rank.has(id),
    /** The rows in their remembered order (a new array; the input is not changed). */
    order(items: readonly T[]): T[] {
      const fresh = items.filter((o) => !rank.has(o.id)).sort(initial);
      if (rank.size === 0) fresh.forEach((o, i) => rank.set(o.id, i));
      else {
        top -= fresh.length;
        fresh.forEach((o, i) => rank.set(o.id, top + i));
      }
      return [...items].sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
    },
  };
}

export type StableOrder<T extends { readonly id: number }> = ReturnType<typeof createStableOrder<T>>;

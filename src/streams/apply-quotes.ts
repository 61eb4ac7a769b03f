/** The moving part of a listed product, as a list poll `since` a time answers it. */
export interface QuoteUpdate {
  readonly id: number;
}

/**
 * A list poll answered `since` the last one: the held list with each moved product's quote laid over it. Null when
 * a quote names a product the list does not hold (one was added): the caller asks for the whole list again.
 * Unchanged products keep their objects, so a list diff finds only what moved.
 */
export function applyQuotes<T extends QuoteUpdate, Q extends QuoteUpdate>(held: readonly T[], quotes: readonly Q[]): T[] | null {
  const byId = new Map(quotes.map((q) => [q.id, q]));
  let found = 0;
  const next = held.map((item) => {
    const quote = byId.get(item.id);
    if (quote === undefined) return item;
    found += 1;
    return { ...item, ...quote };
  });
  return found === byId.size ? next : null;
}

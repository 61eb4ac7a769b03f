/**
 * One answer per question, kept while its stamp holds (the second it was computed in, and what it was computed
 * from): the first request with a new stamp computes it, every other one with that stamp (in flight or later)
 * shares the same promise. Bounded: past `maxEntries` questions the oldest goes. It decides nothing (public
 * market reads only), so it may live in the process.
 */
export interface MicroCache<T> {
  get(key: string, stamp: string, compute: () => Promise<T>): Promise<T>;
}

/** Where hits (an answer shared, computed or in flight) and misses (computed here) are counted. */
export interface CacheCounters {
  readonly hits: { inc(): void };
  readonly misses: { inc(): void };
}

export function createMicroCache<T>(maxEntries: number, counters?: CacheCounters): MicroCache<T> {
  const entries = new Map<string, { readonly stamp: string; readonly value: Promise<T> }>();
  return {
    get(key, stamp, compute) {
      const held = entries.get(key);
      if (held && held.stamp === stamp) {
        counters?.hits.inc();
        return held.value;
      }
      counters?.misses.inc();
      const value = compute();
      // A failure is not kept: the next request asks again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      entries.delete(key);
      entries.set(key, { stamp, value });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
  };
}

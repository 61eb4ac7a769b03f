import { finalize, type Observable, ReplaySubject, share } from 'rxjs';

/**
 * A registry that hands out one shared stream per key (the worker keys polls by endpoint + params), so
 * every screen asking for the same data rides the same poll. The entry is dropped when its last
 * subscriber leaves, so old params do not pile up; the next ask creates a fresh stream.
 */
export function shareByKey<T>(): (key: string, create: () => Observable<T>) => Observable<T> {
  const entries = new Map<string, Observable<T>>();
  return (key, create) => {
    const existing = entries.get(key);
    if (existing) return existing;
    const shared: Observable<T> = create().pipe(
      finalize(() => {
        if (entries.get(key) === shared) entries.delete(key);
      }),
      share({ connector: () => new ReplaySubject<T>(1), resetOnRefCountZero: true }),
    );
    entries.set(key, shared);
    return shared;
  };
}

import { combineLatest, debounceTime, distinctUntilChanged, map, type Observable, type SchedulerLike } from 'rxjs';

/**
 * Whether the hold list must be read to keep the open set known: while no cursor stands (no answer yet, or the
 * counts disagreed) or the store holds open orders. Decided once the store's change is done (a zero debounce),
 * never inside the answer that caused it, and sent only when it flips.
 */
export function holdListNeeded(
  cursor$: Observable<number | undefined>,
  openCount$: Observable<number>,
  scheduler: SchedulerLike,
): Observable<boolean> {
  return combineLatest([cursor$, openCount$]).pipe(
    debounceTime(0, scheduler),
    map(([cursor, openCount]) => cursor === undefined || openCount > 0),
    distinctUntilChanged(),
  );
}

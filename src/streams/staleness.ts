import {
  asyncScheduler,
  catchError,
  defer,
  distinctUntilChanged,
  filter,
  map,
  merge,
  NEVER,
  type Observable,
  of,
  type SchedulerLike,
  startWith,
  switchMap,
  timer,
} from 'rxjs';
import type { StalenessReport } from './messages.ts';

export interface StalenessOptions<T> {
  /** Which values count as good data (default: all). For a poll: `(s) => s.kind === 'data'`. */
  readonly isGood?: (value: T) => boolean;
  /** How often the age is re-emitted, ms (default 1000); 0 emits only on good data and at the crossing. */
  readonly tickMs?: number;
  readonly scheduler?: SchedulerLike;
  /** The threshold after this good value instead of `thresholdMs` (a poll that chose to wait longer). */
  readonly thresholdOf?: (value: T) => number;
}

/**
 * The age of one stream's last good data: a report at once on subscribe and on each good value, then
 * every tickMs, and exactly when the age reaches thresholdMs (stale from then on). Errors and completion
 * of the source only mean no more good data: the age keeps growing.
 */
export function staleness<T>(
  source$: Observable<T>,
  thresholdMs: number,
  options: StalenessOptions<T> = {},
): Observable<StalenessReport> {
  const scheduler = options.scheduler ?? asyncScheduler;
  const isGood = options.isGood ?? ((): boolean => true);
  const tickMs = options.tickMs ?? 1000;

  return defer(() => {
    const watchedAt = scheduler.now();
    const goodAt$ = source$.pipe(
      filter(isGood),
      map((value) => ({ at: scheduler.now(), threshold: options.thresholdOf?.(value) ?? thresholdMs })),
      catchError(() => NEVER),
      startWith(null),
    );
    return goodAt$.pipe(
      switchMap((good) => {
        const lastGoodAt = good?.at ?? null;
        const since = lastGoodAt ?? watchedAt;
        const threshold = good?.threshold ?? thresholdMs;
        const ticks$ = tickMs > 0 ? timer(0, tickMs, scheduler) : of(0);
        return merge(ticks$, timer(threshold, scheduler)).pipe(
          map((): StalenessReport => {
            const ageMs = scheduler.now() - since;
            return { ageMs, stale: ageMs >= threshold, lastGoodAt };
          }),
        );
      }),
      distinctUntilChanged(
        (a, b) => a.ageMs === b.ageMs && a.stale === b.stale && a.lastGoodAt === b.lastGoodAt,
      ),
    );
  });
}

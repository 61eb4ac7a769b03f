import {
  asyncScheduler, catchError, combineLatest, concat, EMPTY, map, mergeMap, Observable, of, type OperatorFunction,
  type SchedulerLike, timer,
} from 'rxjs';
import type { OpenOrder } from './inputs.ts';

/**
 * The ids of open orders whose settle time has passed on the server clock, each id once, emitted at the
 * instant it falls due: one timer, set for the soonest settle time (not a tick per second).
 * `offset$` gives serverNow − schedulerNow.
 */
export function dueIds(
  open$: Observable<readonly OpenOrder[]>,
  offset$: Observable<number>,
  options: { readonly scheduler?: SchedulerLike } = {},
): Observable<readonly number[]> {
  const scheduler = options.scheduler ?? asyncScheduler;
  return new Observable<readonly number[]>((subscriber) => {
    const reported = new Set<number>();
    let wake: { unsubscribe(): void } | null = null;
    let latest: { open: readonly OpenOrder[]; offset: number } | null = null;

    const check = (): void => {
      wake?.unsubscribe();
      wake = null;
      if (latest === null) return;
      const serverNow = scheduler.now() + latest.offset;
      const due: number[] = [];
      let soonest = Infinity;
      const listed = new Set<number>();
      for (const o of latest.open) {
        listed.add(o.id);
        if (reported.has(o.id)) continue;
        if (o.settleTime <= serverNow) due.push(o.id);
        else soonest = Math.min(soonest, o.settleTime);
      }
      // An id that left the open list is done; forget it, so the set stays as small as the list.
      for (const id of reported) if (!listed.has(id)) reported.delete(id);
      for (const id of due) reported.add(id);
      if (soonest !== Infinity) wake = scheduler.schedule(check, soonest - serverNow);
      if (due.length > 0) subscriber.next(due);
    };

    const inputs = combineLatest([open$, offset$]).subscribe({
      next: ([open, offset]) => {
        latest = { open, offset };
        check();
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    });
    return () => {
      wake?.unsubscribe();
      inputs.unsubscribe();
    };
  });
}

/** One answer to "these orders' results, please": the rows the server knows, at its time. */
export interface ResultsAnswer<T> {
  readonly orders: readonly T[];
  readonly at: number;
}

export interface ChaseOptions {
  /** Wait between tries for orders the server has not settled yet. */
  readonly retryMs: number;
  /** Tries per due batch, the first included: the chase is bounded. */
  readonly maxTries: number;
  readonly scheduler?: SchedulerLike;
}

/**
 * For each batch of due ids, asks for those orders' results (never a whole list), and again after
 * `retryMs` for the ones still open (or all of them after a failed request), at most `maxTries` times.
 * Emits each answer with the ids it was asked for, so the store can tell which ids the server does not know.
 */
export function chaseResults<T extends { readonly id: number; readonly status: string }>(
  fetchResults: (ids: readonly number[]) => Observable<ResultsAnswer<T>>,
  options: ChaseOptions,
): OperatorFunction<readonly number[], ResultsAnswer<T> & { readonly ids: readonly number[] }> {
  const scheduler = options.scheduler ?? asyncScheduler;
  const attempt = (ids: readonly number[], tries: number): Observable<ResultsAnswer<T> & { readonly ids: readonly number[] }> =>
    fetchResults(ids).pipe(
      map((answer): ResultsAnswer<T> | null => answer),
      catchError(() => of(null)),
      mergeMap((answer) => {
        const pending = answer === null ? ids : answer.orders.filter((o) => o.status === 'open').map((o) => o.id);
        const out = answer === null ? EMPTY : of({ ids, orders: answer.orders, at: answer.at });
        const again =
          pending.length > 0 && tries < options.maxTries
            ? timer(options.retryMs, scheduler).pipe(mergeMap(() => attempt(pending, tries + 1)))
            : EMPTY;
        return concat(out, again);
      }),
    );
  return (due$) => due$.pipe(mergeMap((ids) => attempt(ids, 1)));
}

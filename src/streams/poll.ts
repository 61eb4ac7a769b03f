import {
  asyncScheduler,
  defer,
  distinctUntilChanged,
  NEVER,
  Observable,
  of,
  ReplaySubject,
  share,
  Subscription,
  take,
  type ObservableInput,
  type SchedulerLike,
} from 'rxjs';
import { backoffDelay, type BackoffOptions } from './backoff-delay.ts';
import type { PollState } from './messages.ts';

/** One request. A Promise in the worker (the HTTP client's call with the signal); any ObservableInput works. */
export type PollRequest<T> = (signal: AbortSignal) => ObservableInput<T>;

export interface PollOptions<T = unknown> {
  /** Wait after a success before the next request, ms. */
  readonly periodMs: number;
  /** The wait after this answer instead of `periodMs` (a market at rest is asked less often). */
  readonly nextPeriodMs?: (value: T) => number;
  /** Page visibility; should emit its current value on subscribe. Default: always visible. */
  readonly visible$?: Observable<boolean>;
  /** Each emission requests at once (an order fell due); while a request is in flight, one more follows it. */
  readonly refresh$?: Observable<unknown>;
  readonly backoff?: BackoffOptions;
  /** Uniform 0..1 for the jitter; inject for determinism. Default Math.random. */
  readonly random?: () => number;
  readonly scheduler?: SchedulerLike;
}

/**
 * Polls `request` every `periodMs`, shared among subscribers (one request in flight, refCount; a late
 * subscriber gets the latest state at once). Pauses while hidden and requests at once on return; backs off
 * exponentially with jitter on errors and resets after a success; aborts the in-flight request when the
 * last subscriber leaves. Errors arrive as `{ kind: 'error' }` values: the stream never errors on its own.
 */
export function poll<T>(request: PollRequest<T>, options: PollOptions<T>): Observable<PollState<T>> {
  const scheduler = options.scheduler ?? asyncScheduler;
  const random = options.random ?? Math.random;
  const visible$ = options.visible$ ?? of(true);
  const refresh$ = options.refresh$ ?? NEVER;

  const loop$ = new Observable<PollState<T>>((subscriber) => {
    let visible = false;
    let failures = 0;
    let lastDataAt: number | null = null;
    let inFlight: Subscription | null = null;
    let refreshQueued = false;
    let wait: Subscription | null = null;

    const cancelWait = (): void => {
      wait?.unsubscribe();
      wait = null;
    };
    const waitThenFetch = (ms: number): void => {
      cancelWait();
      if (visible) {
        wait = scheduler.schedule(() => {
          wait = null;
          fetchNow();
        }, ms);
      }
    };
    const settle = (state: PollState<T>, nextInMs: number): void => {
      const finished = inFlight;
      inFlight = null;
      finished?.unsubscribe();
      subscriber.next(state);
      if (refreshQueued && visible) fetchNow();
      else waitThenFetch(nextInMs);
    };
    const fail = (error: unknown): void => {
      failures += 1;
      const retryInMs = backoffDelay(failures, random, options.backoff);
      settle({ kind: 'error', error, at: scheduler.now(), attempt: failures, retryInMs, lastDataAt }, retryInMs);
    };
    const fetchNow = (): void => {
      cancelWait();
      if (inFlight) {
        refreshQueued = true;
        return;
      }
      refreshQueued = false;
      const controller = new AbortController();
      let settled = false;
      const attempt = new Subscription(() => {
        if (!settled) controller.abort();
      });
      inFlight = attempt;
      // defer() turns a request that throws synchronously into an error notification.
      const response = defer(() => request(controller.signal)).pipe(take(1));
      attempt.add(
        response.subscribe({
          next: (value) => {
            settled = true;
            failures = 0;
            lastDataAt = scheduler.now();
            const nextInMs = options.nextPeriodMs?.(value) ?? options.periodMs;
            settle({ kind: 'data', value, at: lastDataAt, nextInMs }, nextInMs);
          },
          error: (error: unknown) => {
            settled = true;
            fail(error);
          },
          complete: () => {
            if (settled) return;
            settled = true;
            fail(new Error('poll: the request completed without a value'));
          },
        }),
      );
    };

    const visibility = visible$.pipe(distinctUntilChanged()).subscribe({
      next: (isVisible) => {
        visible = isVisible;
        if (!isVisible) {
          // An in-flight request may finish (its data is still useful); nothing new is scheduled.
          cancelWait();
          refreshQueued = false;
        } else if (!inFlight) {
          fetchNow();
        }
      },
      error: (error: unknown) => subscriber.error(error),
    });
    // Hidden pages skip refreshes: becoming visible requests at once anyway.
    const refresh = refresh$.subscribe(() => {
      if (visible) fetchNow();
    });

    return () => {
      visibility.unsubscribe();
      refresh.unsubscribe();
      cancelWait();
      inFlight?.unsubscribe();
    };
  });

  return loop$.pipe(
    share({
      connector: () => new ReplaySubject<PollState<T>>(1),
      resetOnError: true,
      resetOnComplete: true,
      resetOnRefCountZero: true,
    }),
  );
}

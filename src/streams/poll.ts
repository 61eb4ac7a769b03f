import { asyncScheduler, defer, NEVER, Observable, of, ReplaySubject, share, take, type ObservableInput, type SchedulerLike } from 'rxjs';
import type { BackoffOptions } from './backoff-delay.ts';
import type { PollState } from './messages.ts';
import { startPollLoop } from './poll-loop.ts';

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
 * The one polling loop (`startPollLoop`, poll-loop.ts) as an RxJS stream, shared among subscribers (one request
 * in flight, refCount; a late subscriber gets the latest state at once). Polls `request` every `periodMs`. Pauses while hidden and requests at once on return; backs off
 * exponentially with jitter on errors and resets after a success; aborts the in-flight request when the
 * last subscriber leaves. Errors arrive as `{ kind: 'error' }` values: the stream never errors on its own.
 */
export function poll<T>(request: PollRequest<T>, options: PollOptions<T>): Observable<PollState<T>> {
  const scheduler = options.scheduler ?? asyncScheduler;
  const random = options.random ?? Math.random;
  const visible$ = options.visible$ ?? of(true);
  const refresh$ = options.refresh$ ?? NEVER;

  const loop$ = new Observable<PollState<T>>((subscriber) =>
    startPollLoop(
      // take(1): the first value is the answer, and the request's own subscription ends with it.
      (signal) => defer(() => request(signal)).pipe(take(1)),
      {
        periodMs: options.periodMs,
        ...(options.nextPeriodMs ? { nextPeriodMs: options.nextPeriodMs } : {}),
        visible: visible$,
        refresh: refresh$,
        ...(options.backoff ? { backoff: options.backoff } : {}),
        random,
        timer: scheduler,
      },
      (state) => subscriber.next(state),
      (error) => subscriber.error(error),
    ),
  );

  return loop$.pipe(
    share({
      connector: () => new ReplaySubject<PollState<T>>(1),
      resetOnError: true,
      resetOnComplete: true,
      resetOnRefCountZero: true,
    }),
  );
}

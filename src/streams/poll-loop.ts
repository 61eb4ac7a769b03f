import { backoffDelay, type BackoffOptions } from './backoff-delay.ts';
import type { PollState } from './messages.ts';

/** What can be stopped (an RxJS Subscription is one). */
export interface Stoppable {
  unsubscribe(): void;
}
/** A source of values (an RxJS Observable is one); the loop reads `next` and `error`, and `complete` of an answer. */
export interface Source<T> {
  subscribe(observer: { next: (value: T) => void; error: (error: unknown) => void; complete: () => void }): Stoppable;
}
/** The clock and timer the loop waits on (an RxJS scheduler is one; the page passes the browser's timers). */
export interface LoopTimer {
  now(): number;
  schedule(work: () => void, delayMs: number): Stoppable;
}

/** One request: a Promise, or a source whose first value is the answer. */
export type LoopRequest<T> = (signal: AbortSignal) => PromiseLike<T> | Source<T>;

export interface PollLoopOptions<T> {
  /** Wait after a success before the next request, ms. */
  readonly periodMs: number;
  /** The wait after this answer instead of `periodMs`; Infinity: only a refresh or a return to view asks again. */
  readonly nextPeriodMs?: (value: T) => number;
  /** Page visibility; emits its current value on subscribe. Absent: always visible. */
  readonly visible?: Source<boolean>;
  /** Each emission requests at once; while a request is in flight, one more follows it. */
  readonly refresh?: Source<unknown>;
  readonly backoff?: BackoffOptions;
  /** Uniform 0..1 for the jitter. Default Math.random. */
  readonly random?: () => number;
  readonly timer: LoopTimer;
}

const isPromiseLike = <T>(answer: PromiseLike<T> | Source<T>): answer is PromiseLike<T> => typeof (answer as { then?: unknown }).then === 'function';

/** A Promise as a source of its one value; stopping it drops the answer. */
function fromPromise<T>(promise: PromiseLike<T>): Source<T> {
  return {
    subscribe(observer) {
      let live = true;
      promise.then(
        (value) => {
          if (!live) return;
          observer.next(value);
          observer.complete();
        },
        (error: unknown) => {
          if (live) observer.error(error);
        },
      );
      return { unsubscribe: () => (live = false) };
    },
  };
}

/**
 * The one polling loop of the page and the worker: requests at once, then `periodMs` after each answer (never
 * two at once); pauses while hidden and requests at once on return; backs off exponentially with jitter on
 * errors and resets after a success; a refresh requests now. Every answer and failure goes to `emit` as a
 * PollState. Returns the stop, which aborts the request in flight. `poll()` (RxJS, shared among subscribers) and
 * the page's `usePoll` are thin adapters over it.
 */
export function startPollLoop<T>(
  request: LoopRequest<T>,
  options: PollLoopOptions<T>,
  emit: (state: PollState<T>) => void,
  onVisibleError: (error: unknown) => void = () => undefined,
): () => void {
  const { timer } = options;
  const random = options.random ?? Math.random;
  let visible = false;
  let failures = 0;
  let lastDataAt: number | null = null;
  let inFlight: Stoppable | null = null;
  let refreshQueued = false;
  let wait: Stoppable | null = null;

  const cancelWait = (): void => {
    wait?.unsubscribe();
    wait = null;
  };
  const waitThenFetch = (ms: number): void => {
    cancelWait();
    if (visible && Number.isFinite(ms)) {
      wait = timer.schedule(() => {
        wait = null;
        fetchNow();
      }, ms);
    }
  };
  const settle = (state: PollState<T>, nextInMs: number): void => {
    const finished = inFlight;
    inFlight = null;
    finished?.unsubscribe();
    emit(state);
    if (refreshQueued && visible) fetchNow();
    else waitThenFetch(nextInMs);
  };
  const fail = (error: unknown): void => {
    failures += 1;
    const retryInMs = backoffDelay(failures, random, options.backoff);
    settle({ kind: 'error', error, at: timer.now(), attempt: failures, retryInMs, lastDataAt }, retryInMs);
  };
  function fetchNow(): void {
    cancelWait();
    if (inFlight) {
      refreshQueued = true;
      return;
    }
    refreshQueued = false;
    const controller = new AbortController();
    let settled = false;
    let answer: Stoppable | null = null;
    const attempt: Stoppable = {
      unsubscribe: () => {
        answer?.unsubscribe();
        if (!settled) controller.abort();
      },
    };
    inFlight = attempt;
    let source: Source<T>;
    try {
      const asked = request(controller.signal);
      source = isPromiseLike(asked) ? fromPromise(asked) : asked;
    } catch (error) {
      // A request that throws at once is a failure like any other.
      settled = true;
      fail(error);
      return;
    }
    const subscription = source.subscribe({
      next: (value) => {
        if (settled) return;
        settled = true;
        failures = 0;
        lastDataAt = timer.now();
        const nextInMs = options.nextPeriodMs?.(value) ?? options.periodMs;
        settle({ kind: 'data', value, at: lastDataAt, nextInMs }, nextInMs);
      },
      error: (error: unknown) => {
        if (settled) return;
        settled = true;
        fail(error);
      },
      complete: () => {
        if (settled) return;
        settled = true;
        fail(new Error('poll: the request completed without a value'));
      },
    });
    // A source that answered while subscribing has settled already: stop it now.
    if (settled) subscription.unsubscribe();
    else answer = subscription;
  }

  const visibility = (options.visible ?? always).subscribe({
    next: (isVisible) => {
      if (isVisible === visible) return;
      visible = isVisible;
      if (!isVisible) {
        // An in-flight request may finish (its data is still useful); nothing new is scheduled.
        cancelWait();
        refreshQueued = false;
      } else if (!inFlight) {
        fetchNow();
      }
    },
    error: onVisibleError,
    complete: () => undefined,
  });
  // Hidden pages skip refreshes: becoming visible requests at once anyway.
  const refresh = options.refresh?.subscribe({ next: () => visible && fetchNow(), error: () => undefined, complete: () => undefined });

  return () => {
    visibility.unsubscribe();
    refresh?.unsubscribe();
    cancelWait();
    inFlight?.unsubscribe();
  };
}

/** Always visible: one true, at once. */
const always: Source<boolean> = {
  subscribe(observer) {
    observer.next(true);
    return { unsubscribe: () => undefined };
  },
};

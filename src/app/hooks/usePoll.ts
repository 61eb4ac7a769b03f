import { useEffect, useRef } from 'react';
import { startPollLoop, type LoopTimer, type Source } from '../../streams/poll-loop.ts';

interface PollOptions<T> {
  readonly intervalMs: number;
  /** The wait after this answer instead of `intervalMs`; Infinity: only a `key` change or a return to view asks. */
  readonly nextIntervalMs?: (value: T) => number;
  /** false: no calls at all. */
  readonly enabled: boolean;
  /** A change runs the poll at once (e.g. a navigation), then the interval restarts. */
  readonly key: string;
}

/** The browser's timers, on the page's monotonic clock. */
const browserTimer: LoopTimer = {
  now: () => performance.now(),
  schedule: (work, delayMs) => {
    const id = setTimeout(work, delayMs);
    return { unsubscribe: () => clearTimeout(id) };
  },
};

/** Whether the page is visible: now, then at every change. */
const pageVisible: Source<boolean> = {
  subscribe(observer) {
    const tell = (): void => observer.next(!document.hidden);
    document.addEventListener('visibilitychange', tell);
    tell();
    return { unsubscribe: () => document.removeEventListener('visibilitychange', tell) };
  },
};

/**
 * The page's polls over the one polling loop (src/streams/poll-loop.ts, the worker's too): runs `run` now and
 * then every `intervalMs` after the previous run finished (never two at once), only while the page is visible (a
 * hidden tab costs no requests, and coming back runs it at once). A run that throws is retried with backoff: the
 * first retry within one interval, then twice as long each time up to eight intervals. What a failure shows is
 * the caller's. `signal` aborts when the poll stops (the key changed, the screen left): its answer is not wanted.
 */
export function usePoll<T>(run: (signal: AbortSignal) => Promise<T>, { intervalMs, nextIntervalMs, enabled, key }: PollOptions<T>): void {
  const runRef = useRef(run);
  const nextRef = useRef(nextIntervalMs);
  useEffect(() => {
    runRef.current = run;
    nextRef.current = nextIntervalMs;
  });
  useEffect(() => {
    if (!enabled) return;
    const options = {
      periodMs: intervalMs,
      nextPeriodMs: (value: T) => nextRef.current?.(value) ?? intervalMs,
      visible: pageVisible,
      backoff: { initialMs: intervalMs, maxMs: intervalMs * 8 },
      timer: browserTimer,
    };
    // What each run brings is the caller's to show: the states are only the loop's own bookkeeping here.
    return startPollLoop((signal) => runRef.current(signal), options, () => undefined);
  }, [enabled, key, intervalMs]);
}

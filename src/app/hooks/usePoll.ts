import { useEffect, useRef } from 'react';

interface PollOptions {
  readonly intervalMs: number;
  /** false: no calls at all. */
  readonly enabled: boolean;
  /** A change runs the poll at once (e.g. a navigation), then the interval restarts. */
  readonly key: string;
}

/**
 * Runs `run` now and then every `intervalMs` after the previous run finished (never two at once), only while the
 * page is visible: a hidden tab costs no requests, and coming back runs it at once. Errors are the caller's.
 */
export function usePoll(run: () => Promise<void>, { intervalMs, enabled, key }: PollOptions): void {
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let stopped = false;
    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && !document.hidden) timer = setTimeout(() => void tick(), intervalMs);
    };
    const tick = async () => {
      if (stopped || running || document.hidden) return;
      running = true;
      try {
        await runRef.current();
      } catch {
        // The caller decides what a failure shows; the schedule goes on.
      } finally {
        running = false;
        schedule();
      }
    };
    const onVisibility = () => (document.hidden ? clearTimeout(timer) : void tick());
    document.addEventListener('visibilitychange', onVisibility);
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, key, intervalMs]);
}

import { useEffect, useRef } from 'react';

/**
 * Polls from the main thread at the worker's periods (src/workers/periods.ts): the next request starts
 * `periodMs` after an answer, as the worker's poll does. `request` may keep its own cursor.
 */
export function usePoll<T>(request: () => Promise<T>, periodMs: number, onData: (data: T) => void): void {
  const latest = useRef(onData);
  latest.current = onData;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async (): Promise<void> => {
      try {
        const data = await request();
        if (!stopped) latest.current(data);
      } catch {
        // Try again at the next period; the baseline has no backoff.
      }
      if (!stopped) timer = setTimeout(() => void run(), periodMs);
    };
    void run();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // The request is fixed for the component's life (the page shows one product and never switches).
  }, [periodMs]);
}

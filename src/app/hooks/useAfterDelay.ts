import { useEffect, useState } from 'react';

/** True once `ready` has been true for `delayMs`, then true for good (a later false does not take it back). */
export function useAfterDelay(ready: boolean, delayMs: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!ready || done) return;
    const timer = setTimeout(() => setDone(true), delayMs);
    return () => clearTimeout(timer);
  }, [ready, done, delayMs]);
  return done;
}

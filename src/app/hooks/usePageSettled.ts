import { useEffect, useState } from 'react';
import { whenPageSettles } from '../pwa/whenPageSettles.ts';

let settled = false;
let settling: Promise<void> | null = null;

/**
 * False until the page has loaded and settled (whenPageSettles), then true for good: what a screen can do without
 * during a cold start (a badge's first poll) waits for it, and a screen mounted later does not wait at all.
 */
export function usePageSettled(): boolean {
  const [now, setNow] = useState(settled);
  useEffect(() => {
    if (now) return;
    let live = true;
    settling ??= whenPageSettles().then(() => {
      settled = true;
    });
    void settling.then(() => {
      if (live) setNow(true);
    });
    return () => {
      live = false;
    };
  }, [now]);
  return now;
}

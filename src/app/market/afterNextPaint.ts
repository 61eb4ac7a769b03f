import { useEffect, useState } from 'react';

/**
 * Resolves in the task after the browser's next frame: work started then (a chunk's download, a chart's data)
 * neither delays the paint of what was just rendered nor shares the slow line with what that paint needs.
 * A hidden page has no frames: the work waits until it is shown.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** False on the first render, true once that render has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let gone = false;
    void afterNextPaint().then(() => {
      if (!gone) setPainted(true);
    });
    return () => {
      gone = true;
    };
  }, [painted]);
  return painted;
}

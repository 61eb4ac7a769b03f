/**
 * The app's one paint scheduler for live text: any number of requests within a frame become one callback
 * run in the next animation frame. Nothing runs while the tab is hidden (the browser stops frames).
 */
export function createFrameLoop(paint: () => void) {
  let pending: number | null = null;
  return {
    request(): void {
      if (pending !== null) return;
      pending = requestAnimationFrame(() => {
        pending = null;
        paint();
      });
    },
    cancel(): void {
      if (pending !== null) cancelAnimationFrame(pending);
      pending = null;
    },
  };
}

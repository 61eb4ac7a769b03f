/**
 * Resolves once the page has loaded and the main thread has a quiet moment: what the first screen does not need
 * (the service worker and its prompt, the result toast) waits for this, so on a slow connection it never competes with the
 * first screen's code and data.
 */
export function whenPageSettles(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    // A slow phone may never be idle while a chart runs: after 3 s it goes anyway.
    const quiet = () => (typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(() => resolve(), { timeout: 3000 }) : win.setTimeout(resolve, 0));
    if (win.document.readyState === 'complete') quiet();
    else win.addEventListener('load', quiet, { once: true });
  });
}

/**
 * How long the service worker's layer waits after the page has settled. The first quiet moment comes while the first
 * screen is still drawing its data and its first live prices; the worker's install (its own thread, its script and the
 * shell's files into its cache) then ran beside them on a phone's two cores and made their tasks wait.
 */
export const SERVICE_WORKER_PAUSE_MS = 5000;

/** Resolves once the page has settled, `pauseMs` have passed since, and the main thread is quiet again. */
export function whenPageRests(pauseMs: number, win: Window = window): Promise<void> {
  return whenPageSettles(win)
    .then(() => new Promise<void>((resolve) => win.setTimeout(resolve, pauseMs)))
    .then(() => whenPageSettles(win));
}

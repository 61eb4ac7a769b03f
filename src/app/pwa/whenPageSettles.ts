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

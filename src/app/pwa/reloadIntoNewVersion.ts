/**
 * "Reload" on the update prompt: the waiting service worker takes over, then the page reloads into it.
 *
 * The library's own reload waits for the page's controller to change, which never happens on a page the old
 * worker does not control (a hard reload, or a worker that failed to start for the navigation): there the member
 * tapped "Reload" and nothing happened. So the reload follows the waiting worker itself, and a version that has
 * already taken over (from another tab) is reloaded into at once.
 *
 * The browser may hold the new worker back while the old one still has work in hand (a request of this page in
 * flight); the member asked for a reload, so after `patienceMs` the page reloads anyway. If the new version still
 * waits then, the reloaded page offers it again.
 *
 * Chromium hands over once the old worker is idle, and asks it to go idle at once only when told to hand over: an
 * old worker the other tabs' polls woke again (Chromium sends a dedicated worker's requests through it) waited, in
 * the e2e journeys, until the next navigation asked again; a navigation starting as the handover did then never
 * ended. So the waiting worker is told again every `nudgeMs` until it has taken over.
 */
export async function reloadIntoNewVersion(
  skipWaiting: () => Promise<void>,
  container: Pick<ServiceWorkerContainer, 'getRegistration'> = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
  patienceMs = 10_000,
  nudgeMs = 1_000,
): Promise<void> {
  let reloaded = false;
  let nudging: ReturnType<typeof setInterval> | undefined = undefined;
  const reloadOnce = (): void => {
    clearInterval(nudging);
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  setTimeout(reloadOnce, patienceMs);
  // "redundant": an even newer version replaced it while the prompt was up; reloading gets the newest one.
  const settled = (worker: ServiceWorker) => worker.state === 'activated' || worker.state === 'redundant';
  const registration = await container.getRegistration();
  // One already taking over is followed too: a navigation that starts as the handover does may never end.
  const waiting = registration?.waiting ?? (registration?.active?.state === 'activating' ? registration.active : null);
  if (!waiting || settled(waiting)) return reloadOnce();
  waiting.addEventListener('statechange', () => {
    if (settled(waiting)) reloadOnce();
  });
  await skipWaiting();
  if (reloaded) return;
  // The message the generated service worker takes for skipWaiting() (vite-plugin-pwa's "prompt" type).
  nudging = setInterval(() => {
    if (waiting.state === 'installed') waiting.postMessage({ type: 'SKIP_WAITING' });
  }, nudgeMs);
}

import { askForHandover } from './askForHandover.ts';

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
 * Chromium looks at whether the old worker can hand over when the new one is told to, and when a navigation in the
 * scope starts; between those, a handover that had become possible waited (in the e2e journeys, for the page's own
 * reload, which then sometimes never ended). So until the new worker has taken over, `askAgain` starts such a
 * navigation every `nudgeMs` (askForHandover.ts).
 */
export async function reloadIntoNewVersion(
  skipWaiting: () => Promise<void>,
  container: Pick<ServiceWorkerContainer, 'getRegistration'> = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
  patienceMs = 10_000,
  nudgeMs = 1_000,
  askAgain: () => void = askForHandover,
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
  nudging = setInterval(() => {
    if (waiting.state === 'installed') askAgain();
  }, nudgeMs);
}

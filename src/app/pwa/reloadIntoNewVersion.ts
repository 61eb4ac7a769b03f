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
 */
export async function reloadIntoNewVersion(
  skipWaiting: () => Promise<void>,
  container: Pick<ServiceWorkerContainer, 'getRegistration'> = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
  patienceMs = 10_000,
): Promise<void> {
  let reloaded = false;
  const reloadOnce = (): void => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  setTimeout(reloadOnce, patienceMs);
  // "redundant": an even newer version replaced it while the prompt was up; reloading gets the newest one.
  const settled = (worker: ServiceWorker) => worker.state === 'activated' || worker.state === 'redundant';
  const waiting = (await container.getRegistration())?.waiting;
  if (!waiting || settled(waiting)) return reloadOnce();
  waiting.addEventListener('statechange', () => {
    if (settled(waiting)) reloadOnce();
  });
  await skipWaiting();
}

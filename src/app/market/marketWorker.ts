import { proxy, wrap, type Remote } from 'comlink';
import type { ErrorKey } from '../../contract/errors.ts';
import { apiBase } from '../config/env.ts';
import { registerOneWayCallbacks } from '../../shared/one-way-callback.ts';
import { endBeforeUpdate } from '../pwa/endBeforeUpdate.ts';
import type { MarketWorkerApi, Session } from '../../workers/api.ts';

export type MarketWorker = Remote<MarketWorkerApi>;

let instance: MarketWorker | null = null;
/** The session last sent to each worker (a worker adopted afresh has none). */
const sentSessions = new WeakMap<MarketWorker, Session>();
/** The worker reports a 401 through one proxy made at start; the app points it at its current handler. */
let unauthorizedTarget: (reason: ErrorKey) => void = () => undefined;

/** Points the worker's 401 report (and its reason) at the app's login redirect (the latest caller wins). */
export function setUnauthorizedTarget(handler: (reason: ErrorKey) => void): void {
  unauthorizedTarget = handler;
}

/**
 * The one market worker, created on first use (a screen without live data never starts it). The page
 * forwards its visibility, so every poll pauses while hidden and refreshes at once on return.
 */
export function marketWorker(): MarketWorker {
  if (instance) return instance;
  const worker = new Worker(new URL('../../workers/market.worker.ts', import.meta.url), { type: 'module', name: 'market' });
  // Its polls go through the service worker, and the page is about to reload anyway.
  endBeforeUpdate(() => worker.terminate());
  return adoptMarketWorker(wrap<MarketWorkerApi>(worker));
}

/**
 * Makes `api` the app's market worker, wired like a new one. Browser tests use it for a real worker whose
 * requests their fake API answers (src/workers/testing/relay.worker.ts).
 */
export function adoptMarketWorker(api: MarketWorker): MarketWorker {
  registerOneWayCallbacks();
  void api.setUnauthorizedHandler(proxy((reason: ErrorKey) => unauthorizedTarget(reason)));
  const forwardVisibility = (): void => void api.setVisible(document.visibilityState === 'visible');
  document.removeEventListener('visibilitychange', visibilityListener);
  visibilityListener = forwardVisibility;
  document.addEventListener('visibilitychange', forwardVisibility);
  forwardVisibility();
  instance = api;
  return api;
}

/** The API base for the worker's session: a worker resolves relative URLs against its own script, so it gets it absolute. */
export const workerApiBase = (): string => new URL(apiBase, window.location.href).href;

/**
 * Sends the session to the worker when it differs from the one last sent: every screen and panel that uses the
 * worker states it as it mounts (seven times on a cold /xq), and each call is a message and a reply.
 */
export function sendSession(worker: MarketWorker, session: Session): void {
  const last = sentSessions.get(worker);
  if (last && last.apiBase === session.apiBase && last.token === session.token && last.lang === session.lang) return;
  sentSessions.set(worker, session);
  void worker.setSession(session);
}

let visibilityListener: () => void = () => undefined;

// A real market worker for browser tests of the app: the worker's own code, but its requests go to the
// page over comlink, where the test's fake API (src/app/testing/fakeApi.ts) answers them and hands each
// arrived request to the test. Nothing here runs in the app.
import { expose } from 'comlink';
import { registerOneWayCallbacks } from '../../shared/one-way-callback.ts';
import { createMarketApi } from '../market-api.ts';
import { openMarketCache } from '../market-cache.ts';

/** One request as plain data (a Request and an AbortSignal do not cross the seam). */
export interface RelayedRequest {
  readonly method: string;
  readonly headers: Record<string, string>;
  /** Null for a GET (a public market read), which may not carry one. */
  readonly body: string | null;
}
export interface RelayedResponse {
  readonly status: number;
  readonly body: string;
}
type PageFetch = (url: string, init: RelayedRequest) => Promise<RelayedResponse>;

let pageFetch: PageFetch | null = null;
// A test that wants the repeat-visit cache names the worker `cache:<database>` (each test its own database).
const workerName = (globalThis as { name?: string }).name ?? '';
const cacheName = workerName.startsWith('cache:') ? workerName.slice('cache:'.length) : null;

const api = createMarketApi({
  ...(cacheName ? { cache: openMarketCache(cacheName) } : {}),
  fetch: async (input, init) => {
    if (!pageFetch) throw new TypeError('no page fetch yet');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = await pageFetch(url, { method: init?.method ?? 'GET', headers, body: typeof init?.body === 'string' ? init.body : null });
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
  },
});

const relay = {
  ...api,
  /** The page's fetch (a comlink proxy) that answers this worker's requests. */
  relayTo(fetch: PageFetch): void {
    pageFetch = fetch;
  },
};
registerOneWayCallbacks();
expose(relay);

export type RelayWorkerApi = typeof relay;

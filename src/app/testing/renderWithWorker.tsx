import { proxy, wrap } from 'comlink';
import { onTestFinished } from 'vitest';
import { render } from 'vitest-browser-react';
import type { RelayedRequest, RelayWorkerApi } from '../../workers/testing/relay.worker.ts';
import { AppRoot } from '../wiring/AppRoot.tsx';
import { createApp } from '../wiring/createApp.ts';
import { adoptMarketWorker } from '../market/marketWorker.ts';
import { fakeApi, type FakeApiOptions, type Handler } from './fakeApi.ts';

/**
 * Renders the whole app at `path` with a REAL market worker (module worker, comlink, the worker's own code)
 * whose requests reach the same fake API as the page's: a test waits for any request, the worker's
 * order/create included, with `api.nextRequest`.
 */
export async function renderWithWorker(path: string, handlers: Record<string, Handler> = {}, options: FakeApiOptions = {}) {
  const api = fakeApi(handlers, options);
  const worker = new Worker(new URL('../../workers/testing/relay.worker.ts', import.meta.url), { type: 'module' });
  onTestFinished(() => worker.terminate());
  const remote = wrap<RelayWorkerApi>(worker);
  await remote.relayTo(
    proxy(async (url: string, init: RelayedRequest) => {
      const response = await api.fetch(url, init);
      return { status: response.status, body: await response.text() };
    }),
  );
  adoptMarketWorker(remote);
  const app = await createApp({ fetch: api.fetch, initialEntries: [path] });
  const screen = await render(<AppRoot app={app} />);
  return { api, app, screen };
}

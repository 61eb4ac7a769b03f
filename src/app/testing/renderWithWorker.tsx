import { render } from 'vitest-browser-react';
import { AppRoot } from '../wiring/AppRoot.tsx';
import { createApp } from '../wiring/createApp.ts';
import { adoptMarketWorker } from '../market/marketWorker.ts';
import { fakeApi, type FakeApiOptions, type Handler } from './fakeApi.ts';
import { startRelayWorker } from './relayWorker.ts';

/**
 * Renders the whole app at `path` with a REAL market worker (module worker, comlink, the worker's own code)
 * whose requests reach the same fake API as the page's: a test waits for any request, the worker's
 * order/create included, with `api.nextRequest`.
 */
export async function renderWithWorker(path: string, handlers: Record<string, Handler> = {}, options: FakeApiOptions = {}) {
  const api = fakeApi(handlers, options);
  adoptMarketWorker(await startRelayWorker(api));
  const app = await createApp({ fetch: api.fetch, initialEntries: [path] });
  const screen = await render(<AppRoot app={app} />);
  return { api, app, screen };
}

import { render } from 'vitest-browser-react';
import { AppRoot } from '../wiring/AppRoot.tsx';
import { createApp } from '../wiring/createApp.ts';
import { fakeApi, type FakeApiOptions, type Handler } from './fakeApi.ts';

/** Renders the whole app at `path` with an in-memory router and a fake API. */
export async function renderApp(path: string, handlers: Record<string, Handler> = {}, options: FakeApiOptions = {}) {
  const api = fakeApi(handlers, options);
  const app = await createApp({ fetch: api.fetch, initialEntries: [path] });
  const screen = await render(<AppRoot app={app} />);
  return { api, app, screen };
}

import { proxy, wrap, type Remote } from 'comlink';
import { onTestFinished } from 'vitest';
import type { RelayedRequest, RelayWorkerApi } from '../../workers/testing/relay.worker.ts';
import type { FakeApi } from './fakeApi.ts';

/**
 * A REAL market worker (module worker, comlink, the worker's own code) whose requests reach `api`, ended with
 * the test. `name` is the worker's name: `cache:<database>` gives it a market cache of its own.
 */
export async function startRelayWorker(api: FakeApi, name?: string): Promise<Remote<RelayWorkerApi>> {
  const worker = new Worker(new URL('../../workers/testing/relay.worker.ts', import.meta.url), { ...(name === undefined ? {} : { name }), type: 'module' });
  onTestFinished(() => worker.terminate());
  const remote = wrap<RelayWorkerApi>(worker);
  await remote.relayTo(
    proxy(async (url: string, init: RelayedRequest) => {
      const response = await api.fetch(url, init);
      return { status: response.status, body: await response.text() };
    }),
  );
  return remote;
}

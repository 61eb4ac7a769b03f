// Issue 20, repeat visit: the worker keeps the last product list in IndexedDB (src/workers/market-cache.ts), and
// a second worker (the next visit) sends it at once, marked stale, while its first product/list is still held.
import { proxy, wrap, type Remote } from 'comlink';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ProductsMessage } from '../../workers/api.ts';
import type { RelayedRequest, RelayWorkerApi } from '../../workers/testing/relay.worker.ts';
import { fakeApi, ok, type FakeApi } from '../testing/fakeApi.ts';

const row = (id: number, symbol: string) => ({
  id, symbol, name: symbol, category: 'crypto', price: '1.00', changePct: '0.00', decimals: 2, open: true,
});

async function visit(database: string, api: FakeApi): Promise<{ remote: Remote<RelayWorkerApi>; messages: ProductsMessage[] }> {
  const worker = new Worker(new URL('../../workers/testing/relay.worker.ts', import.meta.url), { type: 'module', name: `cache:${database}` });
  onTestFinished(() => worker.terminate());
  const remote = wrap<RelayWorkerApi>(worker);
  await remote.relayTo(
    proxy(async (url: string, init: RelayedRequest) => {
      const response = await api.fetch(url, init);
      return { status: response.status, body: await response.text() };
    }),
  );
  await remote.setSession({ apiBase: 'http://test.invalid/api', token: null, lang: 'en' });
  const messages: ProductsMessage[] = [];
  await remote.watchProducts(proxy((m: ProductsMessage) => void messages.push(m)));
  return { remote, messages };
}

/** What the database holds under `products` (read directly: the test waits for the first visit's write). */
function storedProducts(database: string): Promise<unknown> {
  return new Promise((resolve) => {
    const open = indexedDB.open(database);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('snapshots')) return resolve(null);
      const get = db.transaction('snapshots').objectStore('snapshots').get('products');
      get.onsuccess = () => {
        resolve(get.result ?? null);
        db.close();
      };
    };
  });
}

const symbolsOf = (m: ProductsMessage | undefined) => (m?.kind === 'reset' ? m.items.map((p) => p.symbol) : null);
const lastStatus = (messages: readonly ProductsMessage[]) => messages.filter((m) => m.kind === 'status').at(-1);

describe('repeat visit', () => {
  it('a second worker sends the stored list marked stale before its first answer, then the fresh list and live', async () => {
    const database = `candlewick-test-${crypto.randomUUID()}`;
    const first = await visit(database, fakeApi({ 'product/list': () => ok({ items: [row(1, 'BTCUSDT'), row(2, 'ETHUSDT')], serverTime: 1 }) }));
    await expect.poll(() => symbolsOf(first.messages.find((m) => m.kind === 'reset'))).toEqual(['BTCUSDT', 'ETHUSDT']);
    await expect.poll(() => storedProducts(database)).toHaveLength(2);

    const api = fakeApi({}, { hold: ['product/list'] });
    const second = await visit(database, api);
    const held = await api.nextRequest('product/list');
    // The answer is still held: what shows is the stored list, and it says it is not live.
    await expect.poll(() => symbolsOf(second.messages.find((m) => m.kind === 'reset'))).toEqual(['BTCUSDT', 'ETHUSDT']);
    await expect.poll(() => lastStatus(second.messages)).toMatchObject({ stale: true });

    held.respond(ok({ items: [row(3, 'XAUUSD')], serverTime: 2 }));
    await expect.poll(() => symbolsOf(second.messages.filter((m) => m.kind === 'reset').at(-1))).toEqual(['XAUUSD']);
    await expect.poll(() => lastStatus(second.messages)).toMatchObject({ stale: false });
  });

});

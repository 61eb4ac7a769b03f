// Repeat visit: the worker keeps the last product list in IndexedDB (src/workers/market-cache.ts), and
// a second worker (the next visit) sends it at once, marked stale, while its first product/list is still held.
import { proxy, type Remote } from 'comlink';
import { describe, expect, it } from 'vitest';
import type { CandleDelta, ProductsMessage, StatusMessage } from '../../workers/api.ts';
import type { RelayWorkerApi } from '../../workers/testing/relay.worker.ts';
import { fakeApi, ok, type FakeApi } from '../testing/fakeApi.ts';
import { startRelayWorker } from '../testing/relayWorker.ts';

const row = (id: number, symbol: string) => ({
  id, symbol, name: symbol, category: 'crypto', price: '1.00', changePct: '0.00', decimals: 2, open: true,
});

async function startWorker(database: string, api: FakeApi): Promise<Remote<RelayWorkerApi>> {
  const remote = await startRelayWorker(api, `cache:${database}`);
  await remote.setSession({ apiBase: 'http://test.invalid/api', token: null, lang: 'en' });
  return remote;
}

async function visit(database: string, api: FakeApi): Promise<{ remote: Remote<RelayWorkerApi>; messages: ProductsMessage[] }> {
  const remote = await startWorker(database, api);
  const messages: ProductsMessage[] = [];
  await remote.watchProducts(proxy((m: ProductsMessage) => void messages.push(m)));
  return { remote, messages };
}

async function chartVisit(database: string, api: FakeApi): Promise<(CandleDelta | StatusMessage)[]> {
  const remote = await startWorker(database, api);
  const messages: (CandleDelta | StatusMessage)[] = [];
  await remote.watchCandles({ id: 1, interval: '1m' }, proxy((m: CandleDelta | StatusMessage) => void messages.push(m)));
  return messages;
}

/** What the database holds under `key` (read directly: the test waits for the first visit's write). */
function stored(database: string, key: string): Promise<unknown> {
  return new Promise((resolve) => {
    const open = indexedDB.open(database);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('snapshots')) return resolve(null);
      const get = db.transaction('snapshots').objectStore('snapshots').get(key);
      get.onsuccess = () => {
        resolve(get.result ?? null);
        db.close();
      };
    };
  });
}

const MINUTE = 60_000;
/** kdata bars [time, open, high, low, close, volume], one a minute from `from`. */
const bars = (from: number, count: number) => Array.from({ length: count }, (_, i) => [(from + i) * MINUTE, '1.00', '2.00', '0.50', '1.50', '3']);
const timesOf = (m: CandleDelta | StatusMessage | undefined) => (m?.kind === 'reset' ? m.bars.map((b) => b.time) : null);

const symbolsOf = (m: ProductsMessage | undefined) => (m?.kind === 'reset' ? m.items.map((p) => p.symbol) : null);
const lastStatus = (messages: readonly ProductsMessage[]) => messages.filter((m) => m.kind === 'status').at(-1);

describe('repeat visit', () => {
  it('a second worker sends the stored list marked stale before its first answer, then the fresh list and live', async () => {
    const database = `candlewick-test-${crypto.randomUUID()}`;
    const first = await visit(database, fakeApi({ 'product/list': () => ok({ items: [row(1, 'BTCUSDT'), row(2, 'ETHUSDT')], serverTime: 1 }) }));
    await expect.poll(() => symbolsOf(first.messages.find((m) => m.kind === 'reset'))).toEqual(['BTCUSDT', 'ETHUSDT']);
    await expect.poll(() => stored(database, 'products')).toHaveLength(2);

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


  it('a chart: the last 200 stored bars show at once, marked stale, until the first kdata answer', async () => {
    const database = `candlewick-test-${crypto.randomUUID()}`;
    const kdata = () => ok({ interval: '1m', bars: bars(0, 250), serverTime: 1 });
    const first = await chartVisit(database, fakeApi({ 'product/kdata': kdata }));
    await expect.poll(() => timesOf(first.find((m) => m.kind === 'reset'))?.length).toBe(250);
    await expect.poll(() => stored(database, 'candles:1:1m')).toMatchObject({ bars: { length: 200 } });

    const api = fakeApi({}, { hold: ['product/kdata'] });
    const second = await chartVisit(database, api);
    const held = await api.nextRequest('product/kdata');
    await expect.poll(() => timesOf(second.find((m) => m.kind === 'reset'))).toEqual(bars(50, 200).map((b) => b[0]));
    await expect.poll(() => second.filter((m) => m.kind === 'status').at(-1)).toMatchObject({ stale: true });

    held.respond(ok({ interval: '1m', bars: bars(300, 5), serverTime: 2 }));
    await expect.poll(() => timesOf(second.filter((m) => m.kind === 'reset').at(-1))).toEqual(bars(300, 5).map((b) => b[0]));
    await expect.poll(() => second.filter((m) => m.kind === 'status').at(-1)).toMatchObject({ stale: false });
  });
});

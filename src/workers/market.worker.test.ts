// The real module worker through comlink: the ready handshake, a subscription whose proxied callback gets
// messages back from the worker, and unsubscribe closing it. Its logic is tested on the page in
// market-api.test.ts (no API server runs in browser mode, so here the worker's own fetch fails honestly).
import { proxy, releaseProxy, wrap } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarketWorkerApi, ProductsMessage } from './api.ts';

let worker: Worker | null = null;
afterEach(() => {
  worker?.terminate();
  worker = null;
});

describe('market.worker.ts', () => {
  it('answers the handshake and delivers messages to a proxied callback until unsubscribed', async () => {
    worker = new Worker(new URL('./market.worker.ts', import.meta.url), { type: 'module' });
    const api = wrap<MarketWorkerApi>(worker);
    expect(await api.ping()).toBe(1);
    // Port 9 (discard) refuses the connection: the poll fails and backs off, and the panel hears about it.
    await api.setSession({ apiBase: 'http://127.0.0.1:9/api', token: 'tok', lang: 'en' });
    const messages: ProductsMessage[] = [];
    const handle = await api.watchProducts(proxy((m: ProductsMessage) => void messages.push(m)));
    await expect.poll(() => messages.find((m) => m.kind === 'status' && m.reconnecting), { timeout: 5_000 }).toBeTruthy();
    expect(await api.subscriptionCount()).toBe(1);
    await api.unsubscribe(handle);
    expect(await api.subscriptionCount()).toBe(0);
    api[releaseProxy]();
  });
});

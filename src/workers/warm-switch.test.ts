// Switching back to a chart interval (or any list) paints what was loaded at once, from the worker's idle
// snapshot, while the fresh data is fetched.
import { afterEach, describe, expect, it } from 'vitest';
import type { CandleDelta } from '../streams/messages.ts';
import { createMarketApi } from './market-api.ts';
import type { StatusMessage } from './messages.ts';
import { fakeMarket } from './testing/fake-market.ts';

const SLOW = { products: 60_000, kdata: 60_000, turnover: 60_000, holdList: 60_000, productOrders: 60_000, orderList: 60_000 };

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const done of cleanup) done();
  cleanup = [];
});

describe('switching back', () => {
  it('gives a chart interval seen before its bars at once, in the same call, then the fresh history', async () => {
    const market = fakeMarket();
    const api = createMarketApi({ fetch: market.fetch, periods: SLOW, random: () => 0 });
    api.setSession({ apiBase: 'http://test.invalid/api', token: 'tok-1', lang: 'en' });
    const watch = (interval: '1m' | '5m') => {
      const messages: (CandleDelta | StatusMessage)[] = [];
      const handle = api.watchCandles({ id: 1, interval }, (m) => messages.push(m));
      cleanup.push(() => api.unsubscribe(handle));
      return { messages, handle };
    };
    const first = watch('1m');
    await expect.poll(() => first.messages.some((m) => m.kind === 'reset')).toBe(true);
    api.unsubscribe(first.handle);
    const other = watch('5m');
    await expect.poll(() => other.messages.some((m) => m.kind === 'reset')).toBe(true);
    api.unsubscribe(other.handle);

    const kdataAsked = market.count('product/kdata');
    const again = watch('1m');
    // Synchronously, before any answer: the bars loaded before.
    expect(again.messages[0]).toMatchObject({ kind: 'reset', interval: '1m', bars: [{ time: 0 }, { time: 60_000 }] });
    expect(market.count('product/kdata')).toBe(kdataAsked + 1);
    await expect.poll(() => again.messages.filter((m) => m.kind === 'reset').length).toBe(2);
  });
});

// product/list since the last answer: only the quotes that moved, so a list poll costs a few bytes when
// little moved, and never misses a trade, an opening or a new minute's 24 h change.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductQuote, ProductSummary } from '../../src/contract/market.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { productsNamed, recordTicks } from '../testing/market.ts';
import { T0, useTestServer } from '../testing/harness.ts';

const s = useTestServer();
let btc: MarketProduct;
let eth: MarketProduct;

interface List {
  readonly items: ProductSummary[];
  readonly quotes?: ProductQuote[];
  readonly serverTime: number;
}
async function list(body: Record<string, unknown>): Promise<List> {
  const res = await s.call('product/list', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as List;
}

beforeAll(async () => {
  [btc, eth] = (await productsNamed(s.deps.db, 'BTCUSDT', 'ETHUSDT')) as [MarketProduct, MarketProduct];
  // Every product has ticked by T0 + 1 s; the test starts inside one minute.
  for (const p of await loadProducts(s.deps.db)) await recordTicks(s.deps.db, p, [[T0 + 1_000, '1.00']]);
  s.clock.set(T0 + 2_000);
});

describe('product/list since the last answer', () => {
  it('answers only the products that traded since, as their moving fields, and nothing when nothing moved', async () => {
    const whole = await list({});
    expect(whole.quotes).toBeUndefined();
    const still = await list({ since: whole.serverTime });
    expect(still).toEqual({ items: [], quotes: [], serverTime: whole.serverTime });

    await recordTicks(s.deps.db, btc, [[T0 + 3_000, '67000.00']]);
    await recordTicks(s.deps.db, eth, [[T0 + 3_500, '3500.00']]);
    s.clock.set(T0 + 4_000);
    const moved = await list({ since: whole.serverTime });
    expect(moved.items).toEqual([]);
    expect(moved.quotes?.map((q) => q.id).sort()).toEqual([btc.id, eth.id].sort());
    const after = await list({});
    // Each moved quote is exactly what the whole list says of that product now.
    for (const q of moved.quotes ?? []) {
      const p = after.items.find((x) => x.id === q.id);
      expect({ nextOpen: null, ...q }).toEqual({ id: p?.id, price: p?.price, changePct: p?.changePct, open: p?.open, nextOpen: p?.nextOpen ?? null });
    }
    expect((await list({ since: T0 + 3_200 })).quotes?.map((q) => q.id)).toEqual([eth.id]);
  });

  it('answers every product once a new minute has begun (the 24 h reference moved), and when the feed went silent', async () => {
    // No tick for over 5 s since 3.5 s: what was open for orders at 4 s is shut at 9.5 s, with no trade between.
    s.clock.set(T0 + 9_500);
    const silent = await list({ since: T0 + 4_000 });
    expect(silent.quotes?.map((q) => q.id)).toContain(eth.id);
    expect(silent.quotes?.every((q) => !q.open)).toBe(true);
    expect((await list({ since: T0 + 9_000 })).quotes).toEqual([]);

    const all = (await list({})).items.length;
    s.clock.set(T0 + 61_000);
    expect((await list({ since: T0 + 59_000 })).quotes).toHaveLength(all);
  });

  it('refuses a since that is not a time, and keeps the category filter', async () => {
    for (const since of ['yesterday', -5, 1.5, 1e20]) {
      const res = await s.call('product/list', { since });
      expect(res.status, String(since)).toBe(400);
    }
    const crypto = await list({ category: 'crypto', since: T0 });
    expect(crypto.quotes?.length).toBeGreaterThan(0);
    const cryptoIds = new Set((await list({ category: 'crypto' })).items.map((p) => p.id));
    expect(crypto.quotes?.every((q) => cryptoIds.has(q.id))).toBe(true);
  });
});

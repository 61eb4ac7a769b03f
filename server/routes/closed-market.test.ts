import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetails, ProductSummary } from '../../src/contract/market.ts';
import { move } from '../domain/ledger.ts';
import { toCents } from '../../src/shared/money.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { countRows, withSymbol } from '../testing/market.ts';
import { createSimulatedFeed } from '../market/service.ts';
import { T0, useTestServer } from '../testing/harness.ts';

// T0 is Monday 09:30 in New York: Wall Street has just opened, Hong Kong is shut for the night (22:30 local).
const s = useTestServer();
let products: MarketProduct[] = [];
const bySymbol = (symbol: string): MarketProduct => withSymbol(products, symbol);
const NOW = T0 + 5_000;
/** Tuesday 09:30 in Hong Kong. */
const HK_OPENS = Date.UTC(2026, 10, 3, 1, 30);

beforeAll(async () => {
  products = await loadProducts(s.deps.db);
  const market = await createSimulatedFeed(s.deps.db);
  await market.resume(T0);
  for (let t = T0; t <= NOW; t += 1000) await market.step(t);
  s.clock.set(NOW);
});

describe('a market closed by its hours', () => {
  it('says when it opens next in product/list and product/details, and shows its last session, not 0.00%', async () => {
    const { token } = await s.member();
    const list = (await s.call('product/list', {}, { token })).body.data as { items: ProductSummary[] };
    const of = (symbol: string) => list.items.find((i) => i.symbol === symbol);
    expect(of('0700.HK')).toMatchObject({ open: false, nextOpen: HK_OPENS });
    expect(of('0700.HK')?.changePct).not.toBe('0.00');
    expect(of('AAPL')).toMatchObject({ open: true, nextOpen: null });
    expect(of('BTCUSDT')).toMatchObject({ open: true, nextOpen: null });
    const details = (await s.call('product/details', { id: bySymbol('0700.HK').id }, { token })).body.data as ProductDetails;
    expect(details).toMatchObject({ open: false, nextOpen: HK_OPENS, changePct: of('0700.HK')?.changePct, price: of('0700.HK')?.price });
  });

  it('refuses an order with a translated error key and changes nothing', async () => {
    const m = await s.member();
    await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: toCents('500.00'), ref: 'test funding' }));
    const before = await countRows(s.deps.db, 'orders');
    const r = await s.call('order/create', { productId: bySymbol('0700.HK').id, direction: 'rise', amount: '100.00', cycle: 30 }, { token: m.token });
    expect([r.status, r.body.msg]).toEqual([400, 'error.market_closed']);
    expect(await countRows(s.deps.db, 'orders')).toBe(before);
  });
});

// One product's screen (/xq) as browser tests serve it from the fake API: the product and the market reads it makes.
import type { ProductDetails } from '../../contract/market.ts';
import { ok, type Handler } from './fakeApi.ts';

/** When this module was loaded: the bars, the product's server time and its next opening count from it. */
export const FIXTURE_NOW = Date.now();

/** BTCUSDT, id 12, two cycles; closed for an hour when `open` is false. */
export const btc = (open = true): ProductDetails => ({
  id: 12, symbol: 'BTCUSDT', name: 'Bitcoin', category: 'crypto', price: '67000.00', changePct: '1.25', decimals: 2, open,
  cycles: [{ seconds: 30, payoutRate: '0.8' }, { seconds: 60, payoutRate: '0.85' }],
  feeRate: '0.002', minAmount: '10.00', maxAmount: '50000.00', serverTime: FIXTURE_NOW, nextOpen: open ? null : FIXTURE_NOW + 3_600_000,
});

/** The reads of /xq for `product`: the list, its details, one bar, an empty tape and no orders. */
export function productReads(product: ProductDetails): Record<string, Handler> {
  const summary = { id: product.id, symbol: product.symbol, name: product.name, category: product.category, price: product.price,
    changePct: product.changePct, decimals: product.decimals, open: product.open, nextOpen: product.nextOpen ?? null };
  return {
    'product/list': () => ok({ items: [summary], serverTime: Date.now() }),
    'product/details': () => ok({ ...product, serverTime: Date.now() }),
    'product/kdata': () => ok({ interval: '1m', bars: [[FIXTURE_NOW - 60_000, '66900.00', '67100.00', '66800.00', '67000.00', '1']], serverTime: Date.now() }),
    'product/trunover': () => ok({ price: '67000.00', changePct: product.changePct, open: product.open, nextOpen: product.nextOpen ?? null, volume24h: '1', amount24h: '67000.00', high24h: '67100.00', low24h: '66800.00', trades: [], serverTime: Date.now() }),
    'product/orders': () => ok({ items: [], cursor: '1:1:', serverTime: Date.now() }),
  };
}

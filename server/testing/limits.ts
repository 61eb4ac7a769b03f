// Test helpers for the limits on a member's own trading (imported by *.test.ts only).
import { expect } from 'vitest';
import type { LimitsView } from '../../src/contract/limits.ts';
import type { Order } from '../../src/contract/market.ts';
import { toCents } from '../../src/shared/money.ts';
import { move } from '../domain/ledger.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { SettlementEngine } from '../market/settlement.ts';
import type { TestServer } from './harness.ts';
import { publishWatermark, recordTicks, withSymbol } from './market.ts';

/** BTCUSDT (trades all week; fee 0.2 %, so a stake of 100.00 costs 100.20), priced now and whenever `fresh` is asked. */
export function tradingDesk(s: TestServer) {
  let btc: MarketProduct | null = null;
  const priced = new Set<number>();
  const product = async (): Promise<MarketProduct> => (btc ??= withSymbol(await loadProducts(s.deps.db), 'BTCUSDT'));
  /** A tick just before the clock's now, so an order now opens at 67250.50. */
  /** A tick at `t` unless one was recorded then already (tests of a file share the market). */
  const tick = async (t: number, price: string): Promise<MarketProduct> => {
    const p = await product();
    if (!priced.has(t)) {
      priced.add(t);
      await recordTicks(s.deps.db, p, [[t, price]]);
    }
    return p;
  };
  const fresh = (): Promise<MarketProduct> => tick(s.clock.now() - 1, '67250.50');
  return {
    product,
    /** Prices the product now (before a burst of orders, which must not each record it). */
    fresh,
    /** A member with `amount` credited through the ledger. */
    async funded(amount: string) {
      const m = await s.member();
      await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: toCents(amount), ref: 'test funding' }));
      return m;
    },
    /** order/create now (a 30 s rise on BTCUSDT) for `amount`. */
    async order(token: string, amount: string, over: Record<string, unknown> = {}) {
      const p = await fresh();
      return s.call('order/create', { productId: p.id, direction: 'rise', amount, cycle: 30, ...over }, { token });
    },
    /** As order(), which must be placed. */
    async placed(token: string, amount: string, over: Record<string, unknown> = {}): Promise<Order> {
      const r = await this.order(token, amount, over);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as Order;
    },
    /** Records `price` just before the order's settle time, and everything up to it as final, then settles what is due then. */
    async settle(order: Order, price: string) {
      await tick(order.settleTime - 2, price);
      await publishWatermark(s.deps.db, order.settleTime);
      await new SettlementEngine(s.deps.db).settleDue(order.settleTime);
    },
  };
}

export async function limitsOf(s: TestServer, token: string, body: Record<string, unknown> = {}): Promise<LimitsView> {
  const r = await s.call('user/limits', body, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as LimitsView;
}

export async function setLimits(s: TestServer, token: string, body: Record<string, unknown>): Promise<LimitsView> {
  const r = await s.call('user/limits_set', body, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as LimitsView;
}

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/market.ts';
import { rows } from '../db/rows.ts';
import { balanceOf, move } from '../domain/ledger.ts';
import { cents, fromCents, toCents } from '../../src/shared/money.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { createSimulatedFeed } from '../market/service.ts';
import { SettlementEngine, type SettledOrder } from '../market/settlement.ts';
import { countRows, publishWatermark, recordTicks, withSymbol } from '../testing/market.ts';
import { queueCashbackOnSettled } from '../referral/on-settled.ts';
import { T0, useTestServer } from '../testing/harness.ts';

const s = useTestServer();
let products: MarketProduct[] = [];
const bySymbol = (symbol: string): MarketProduct => withSymbol(products, symbol);
let btc: MarketProduct;

/** A member with `amount` credited through the ledger, like any other balance change. */
async function funded(amount: string) {
  const m = await s.member();
  await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: toCents(amount), ref: 'test funding' }));
  return m;
}
const create = (token: string, body: Record<string, unknown>, key?: string) =>
  s.call('order/create', { productId: btc.id, direction: 'rise', amount: '100.00', cycle: 30, ...body }, { token, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const available = async (userId: number) => fromCents((await balanceOf(s.deps.db, userId)).available);
const ledgerTypes = async (userId: number) =>
  (await rows<{ type: string; amount: string }>(s.deps.db, sql`SELECT type, amount::text FROM ledger WHERE user_id = ${userId} ORDER BY id`)).map((r) => `${r.type} ${fromCents(cents(BigInt(r.amount)))}`);

beforeAll(async () => {
  products = await loadProducts(s.deps.db);
  btc = bySymbol('BTCUSDT');
  // BTC trades at 67250.50 from T0 - 1 s.
  await recordTicks(s.deps.db, btc, [[T0 - 1000, '67250.40'], [T0, '67250.50']]);
  s.clock.set(T0 + 500);
});

describe('order/create refuses bad input and changes nothing', () => {
  it.each([
    ['an unknown product', { productId: 9999 }, 404, 'error.product_unknown'],
    ['a closed market (Hong Kong at night)', { productId: 6 }, 400, 'error.market_closed'],
    ['a market without a fresh tick (feed stopped)', { symbol: 'EURUSD' }, 400, 'error.market_closed'],
    ['a cycle not offered', { cycle: 45 }, 400, 'error.cycle_invalid'],
    ['an amount below the minimum', { amount: '9.99' }, 400, 'error.below_minimum'],
    ['an amount above the maximum', { amount: '50000.01' }, 400, 'error.above_maximum'],
    ['a non-numeric amount', { amount: 'ten' }, 400, 'error.validation'],
    ['a bad direction', { direction: 'up' }, 400, 'error.validation'],
    ['an amount above the balance', { amount: '1000.00' }, 409, 'error.insufficient_balance'],
    ['a seen price that is no price', { seenPrice: '67,250.50' }, 400, 'error.validation'],
    ['a seen price finer than the product', { seenPrice: '67250.505' }, 400, 'error.validation'],
    ['a seen price of zero', { seenPrice: '0.00' }, 400, 'error.validation'],
    ['a huge seen price', { seenPrice: '9'.repeat(30) }, 400, 'error.validation'],
  ])('%s', async (_what, over, status, key) => {
    const m = await funded('500.00');
    const body: Record<string, unknown> = { ...over };
    if (typeof over === 'object' && 'symbol' in over) body['productId'] = bySymbol(String(over.symbol)).id;
    if ('productId' in over && over.productId === 6) body['productId'] = bySymbol('0700.HK').id;
    delete body['symbol'];
    const before = await countRows(s.deps.db, 'orders');
    const r = await create(m.token, body);
    expect([r.status, r.body.msg]).toEqual([status, key]);
    expect(await countRows(s.deps.db, 'orders')).toBe(before);
    expect(await available(m.id)).toBe('500.00');
    expect(await ledgerTypes(m.id)).toEqual(['adjust 500.00']);
  });

  it('needs a session', async () => {
    expect((await create('nope', {})).status).toBe(401);
  });
});

describe('order/create', () => {
  it('opens at the last tick, settles at open time + cycle, and debits stake and fee as two entries', async () => {
    const m = await funded('500.00');
    const r = await create(m.token, { amount: '123.45', cycle: 60, direction: 'fall' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const o = r.body.data as Order;
    expect(o).toMatchObject({
      productId: btc.id, symbol: 'BTCUSDT', direction: 'fall', amount: '123.45', fee: '0.25', cycle: 60, payoutRate: '0.85',
      openPrice: '67250.50', openTime: T0 + 500, settleTime: T0 + 60_500, settlePrice: null, status: 'open', profit: null,
    });
    expect(o.orderNo).toMatch(/^CW\d{10}$/);
    expect(await available(m.id)).toBe('376.30');
    expect(await ledgerTypes(m.id)).toEqual(['adjust 500.00', 'order_stake -123.45', 'order_fee -0.25']);
    const hold = await s.call('order/hold_list', {}, { token: m.token });
    expect(hold.body.data).toEqual({ items: [o], serverTime: T0 + 500 });
    const mine = await s.call('product/orders', { id: btc.id }, { token: m.token });
    expect(mine.body.data).toEqual({ items: [o], cursor: expect.stringMatching(/^\d+:\d+:/), serverTime: T0 + 500 });
  });

  it("keeps the price on the member's screen beside the open price, which stays the tick at receipt", async () => {
    const m = await funded('500.00');
    const res = await create(m.token, { seenPrice: '67250.40' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const placed = res.body.data as Order;
    expect(placed.openPrice).toBe('67250.50');
    expect(placed.seenPrice).toBe('67250.40');
    const held = (await s.call('order/hold_list', {}, { token: m.token })).body.data as { items: Order[] };
    expect(held.items.find((o) => o.id === placed.id)?.seenPrice).toBe('67250.40');
    // An app that sends none: the order has none.
    expect(((await create(m.token, {})).body.data as Order).seenPrice).toBeUndefined();
  });

  it('an Idempotency-Key retry returns the first answer with one effect; the same key with another body is 422', async () => {
    const m = await funded('500.00');
    const first = await create(m.token, {}, 'order-key-0001');
    const again = await create(m.token, {}, 'order-key-0001');
    expect(again.body).toEqual(first.body);
    expect(await available(m.id)).toBe('399.80');
    const other = await create(m.token, { amount: '50.00' }, 'order-key-0001');
    expect([other.status, other.body.msg]).toEqual([422, 'error.idempotency_conflict']);
    expect(await available(m.id)).toBe('399.80');
  });

  it('a retry the balance no longer covers still gets the first answer; a refused order keeps no answer for its key', async () => {
    const m = await funded('100.20');
    const first = await create(m.token, { amount: '100.00' }, 'order-key-0002'); // 100.00 + 0.20 fee: all of it
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await create(m.token, { amount: '100.00' }, 'order-key-0002')).toEqual(first);
    const refused = await create(m.token, { amount: '10.00' }, 'order-key-0003');
    expect([refused.status, refused.body.msg]).toEqual([409, 'error.insufficient_balance']);
    await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: toCents('20.00'), ref: 'test funding' }));
    const later = await create(m.token, { amount: '10.00' }, 'order-key-0003');
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(await available(m.id)).toBe('9.98');
    expect(await ledgerTypes(m.id)).toEqual(['adjust 100.20', 'order_stake -100.00', 'order_fee -0.20', 'adjust 20.00', 'order_stake -10.00', 'order_fee -0.02']);
  });

  it('50 concurrent orders against a balance good for 10 place exactly 10, and the balance never goes below zero', async () => {
    const m = await funded('100.20'); // 10 × (10.00 stake + 0.02 fee)
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => create(m.token, { amount: '10.00' }, `concurrent-${i}-key`)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.msg === 'error.insufficient_balance')).toBe(true);
    expect(await available(m.id)).toBe('0.00');
    expect(await countRows(s.deps.db, 'orders', sql`WHERE user_id = ${m.id}`)).toBe(10);
  });
});

describe('settlement', () => {
  it('pays right, keeps wrong, returns equal, to the cent; the fee is kept in every case', async () => {
    s.clock.set(T0 + 500);
    const m = await funded('1000.00');
    const win = (await create(m.token, { direction: 'rise', cycle: 30 })).body.data as Order;
    const lose = (await create(m.token, { direction: 'fall', cycle: 60 })).body.data as Order;
    const draw = (await create(m.token, { direction: 'rise', cycle: 120 })).body.data as Order;
    expect(await available(m.id)).toBe('699.40');
    await recordTicks(s.deps.db, btc, [[T0 + 30_000, '67300.00'], [T0 + 31_000, '67301.00'], [T0 + 60_000, '67300.00'], [T0 + 61_000, '67250.50'], [T0 + 120_000, '67250.50'], [T0 + 121_000, '1.00']]);
    const engine = new SettlementEngine(s.deps.db);
    const seen: SettledOrder[] = [];
    engine.onSettled(async (_tx, batch) => void seen.push(...batch));
    // Not yet due: nothing settles early.
    expect(await engine.settleDue(T0 + 30_000)).toBe(0);
    // Earlier tests' orders fall due too; this member's three are among them.
    expect(await engine.settleDue(T0 + 125_000)).toBeGreaterThanOrEqual(3);
    s.clock.set(T0 + 125_000);
    const list = (await s.call('order/list', {}, { token: m.token })).body.data as { items: Order[]; total: number };
    expect(list.total).toBe(3);
    expect(list.items.map((o) => [o.id, o.status, o.settlePrice, o.profit])).toEqual([
      [draw.id, 'draw', '67250.50', '0.00'],
      [lose.id, 'lost', '67300.00', '-100.00'],
      [win.id, 'won', '67300.00', '80.00'],
    ]);
    // 1000 − 3 × 100.20 + 180.00 (stake + 80 %) + 0 + 100.00 (stake back)
    expect(await available(m.id)).toBe('979.40');
    expect((await ledgerTypes(m.id)).filter((l) => l.startsWith('order_payout'))).toEqual(['order_payout 180.00', 'order_payout 100.00']);
    expect(seen.filter((o) => o.userId === m.id).map((o) => o.id).sort()).toEqual([win.id, lose.id, draw.id].sort());
    expect((await s.call('order/hold_list', {}, { token: m.token })).body.data).toEqual({ items: [], serverTime: T0 + 125_000 });
  });

  it('settles exactly once under concurrent runs', async () => {
    s.clock.set(T0 + 200_000);
    await recordTicks(s.deps.db, btc, [[T0 + 200_000, '67000.00']]);
    const m = await funded('2004.00');
    for (let i = 0; i < 20; i++) expect((await create(m.token, { direction: i % 2 ? 'rise' : 'fall' })).status).toBe(200);
    await recordTicks(s.deps.db, btc, [[T0 + 230_000, '66999.99'], [T0 + 231_000, '66999.99']]);
    const engines = [new SettlementEngine(s.deps.db), new SettlementEngine(s.deps.db, { batchSize: 3 }), new SettlementEngine(s.deps.db, { batchSize: 7 })];
    // Wired as npm start wires it: each settled order's referral cashback is queued in the settlement transaction.
    for (const e of engines) e.onSettled(queueCashbackOnSettled);
    const counts = await Promise.all([...engines, ...engines].map((e) => e.settleDue(T0 + 231_000)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    // Ten fall orders won 100 × 1.80 each; ten rise orders lost.
    expect(await available(m.id)).toBe('1800.00');
    expect((await ledgerTypes(m.id)).filter((l) => l.startsWith('order_payout'))).toHaveLength(10);
    // Each order's cashback is queued once, and none is paid by settlement itself.
    const mine = sql`(SELECT id FROM orders WHERE user_id = ${m.id})`;
    expect(await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM cashback_queue WHERE order_id IN ${mine}`)).toEqual([{ n: 20 }]);
    expect(await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM referral_cashback WHERE order_id IN ${mine}`)).toEqual([{ n: 0 }]);
  });

  it('waits for the watermark (the price of its settle time is final), never settles early, then the last tick at or before it decides', async () => {
    s.clock.set(T0 + 300_000);
    await recordTicks(s.deps.db, btc, [[T0 + 300_000, '67000.00']]);
    const m = await funded('100.20');
    const o = (await create(m.token, {})).body.data as Order;
    const engine = new SettlementEngine(s.deps.db);
    // Due, but the feed has not said that the ticks up to its settle time are complete: one could still come.
    expect(await engine.settleDue(o.settleTime + 60_000)).toBe(0);
    await publishWatermark(s.deps.db, o.settleTime - 1);
    expect(await engine.settleDue(o.settleTime + 60_000)).toBe(0);
    await publishWatermark(s.deps.db, o.settleTime);
    expect(await engine.settleDue(o.settleTime - 1)).toBe(0);
    expect(await engine.settleDue(o.settleTime)).toBe(1);
    const [row] = await rows<{ status: string; settle_price: string }>(s.deps.db, sql`SELECT status, settle_price::text FROM orders WHERE id = ${o.id}`);
    expect(row).toEqual({ status: 'draw', settle_price: '6700000' });
  });

  it('after downtime, orders that fell due settle at start-up at the price of their own settle time', async () => {
    s.clock.set(T0 + 400_000);
    await recordTicks(s.deps.db, btc, [[T0 + 400_000, '67100.00']]);
    const m = await funded('1002.00');
    const placed: Order[] = [];
    for (const cycle of [30, 60, 120, 300]) placed.push((await create(m.token, { cycle, direction: cycle === 60 ? 'fall' : 'rise' })).body.data as Order);
    // The server stops here for an hour; on start the feed fills the gap, then settlement catches up.
    s.clock.advance(3_600_000);
    const market = await createSimulatedFeed(s.deps.db);
    await market.resume(s.clock.now());
    expect(await new SettlementEngine(s.deps.db).settleDue(s.clock.now())).toBe(4);
    for (const o of placed) {
      const [tick] = await rows<{ t: string; price: string }>(s.deps.db, sql`SELECT t::text, price::text FROM ticks WHERE product_id = ${btc.id} AND t <= ${o.settleTime} ORDER BY t DESC LIMIT 1`);
      const [row] = await rows<{ settle_price: string; settle_tick_time: string }>(s.deps.db, sql`SELECT settle_price::text, settle_tick_time::text FROM orders WHERE id = ${o.id}`);
      // The simulator filled every second after the stop, so the deciding tick is the one just before settle time.
      expect(Number(tick?.t)).toBe(Math.floor(o.settleTime / 1000) * 1000);
      expect(row).toEqual({ settle_price: tick?.price, settle_tick_time: tick?.t });
    }
  });

  it('a settled order cannot be changed or deleted, and recorded ticks cannot be rewritten', async () => {
    const [settled] = await rows<{ id: number }>(s.deps.db, sql`SELECT id FROM orders WHERE status <> 'open' LIMIT 1`);
    await expect(s.deps.db.execute(sql`UPDATE orders SET status = 'won', profit = 1 WHERE id = ${settled?.id}`)).rejects.toThrow();
    await expect(s.deps.db.execute(sql`DELETE FROM orders WHERE id = ${settled?.id}`)).rejects.toThrow();
    await expect(s.deps.db.execute(sql`UPDATE ticks SET price = price + 1 WHERE product_id = ${btc.id}`)).rejects.toThrow();
  });

  it('an open order keeps its terms: only the settlement columns may be set, once', async () => {
    s.clock.set(T0 + 400_000 + 3_600_000);
    const m = await funded('100.20');
    const o = (await create(m.token, {})).body.data as Order;
    await expect(s.deps.db.execute(sql`UPDATE orders SET open_price = open_price + 100 WHERE id = ${o.id}`)).rejects.toThrow();
  });
});

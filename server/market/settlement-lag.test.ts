import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { move } from '../domain/ledger.ts';
import type { Leadership } from '../leader.ts';
import type { Service } from '../service.ts';
import { toCents } from '../../src/shared/money.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import { loadProducts, type MarketProduct } from './catalog.ts';
import { startMarketServices } from './services.ts';
import { SettlementEngine } from './settlement.ts';
import { recordTicks } from '../testing/market.ts';

/**
 * settlement_lag_seconds: settled-at minus settle time of each order, observed by the instance that settles. The
 * manual clock decides settled_at, so the lateness is exact.
 */
const s = useTestServer();
let btc: MarketProduct;
const lag = async () => {
  const [metric] = (await s.deps.metrics.settlementLag.get()).values.filter((v) => v.metricName === 'settlement_lag_seconds_count');
  const sum = (await s.deps.metrics.settlementLag.get()).values.find((v) => v.metricName === 'settlement_lag_seconds_sum');
  return { count: metric?.value ?? 0, sum: sum?.value ?? 0 };
};

beforeAll(async () => {
  btc = (await loadProducts(s.deps.db)).find((p) => p.symbol === 'BTCUSDT') ?? (() => { throw new Error('no BTCUSDT'); })();
});

describe('settlement lag', () => {
  let services: Service[] = [];
  // The settlement job stays out of the later tests, which settle with engines of their own.
  const stopServices = async () => {
    for (const service of services.splice(0)) await service.stop();
  };
  afterAll(stopServices);

  it('is observed once per order when the settlement job (as the server starts it) settles an order placed over the API', async () => {
    // This process leads settlement but not the feed: the test writes the prices, as the feed would.
    const settlementOnly: Leadership = {
      lead: async (job, start) => (job === 'settlement' ? start() : { name: job, stop: () => undefined }),
    };
    services = await startMarketServices(s.deps, { leadership: settlementOnly });
    await recordTicks(s.deps.db, btc, [[T0 - 500, '67000.00']]);
    const m = await s.member();
    await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: toCents('100.00'), ref: 'test funding' }));
    const placed = await s.call('order/create', { productId: btc.id, direction: 'rise', amount: '10.00', cycle: 30 }, { token: m.token });
    expect(placed.status).toBe(200);
    const settleTime = (placed.body.data as { settleTime: number }).settleTime;
    expect(settleTime).toBe(T0 + 30_000);
    // The price of the settle time is final: the watermark passes it.
    await recordTicks(s.deps.db, btc, [[settleTime - 200, '67010.00'], [settleTime + 1000, '67020.00']]);

    // The process was busy: its timer for the settle time fires 40 ms late.
    s.clock.set(settleTime + 40);
    await expect.poll(async () => (await rows<{ status: string }>(s.deps.db, sql`SELECT status FROM orders WHERE user_id = ${m.id}`))[0]?.status).toBe('won');
    await expect.poll(lag).toEqual({ count: 1, sum: 0.04 });
    await stopServices();
  });

  it('counts every order of a batch at its own lateness, from the summary row and from the listeners\' rows alike', async () => {
    const before = await lag();
    const settleAt = T0 + 120_000;
    await recordTicks(s.deps.db, btc, [[settleAt - 1000, '67000.00'], [settleAt + 1000, '67001.00']]);
    const m = await s.member();
    const insert = (settleTime: number) =>
      s.deps.db.execute(sql`INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, open_tick_time, open_time, settle_time)
        VALUES (${m.id}, ${btc.id}, 'fall', 1000, 0, 30, 800000, 6700000, ${settleTime - 31_000}, ${settleTime - 30_000}, ${settleTime})`);
    // Draws (opened at 67000.00, settled at 67000.00): the stake comes back.
    for (const t of [settleAt - 250, settleAt - 250, settleAt - 100]) await insert(t);
    const seen: [number, number][] = [];
    const summary = new SettlementEngine(s.deps.db, { onLag: (ms, n) => seen.push([ms, n]) });
    expect(await summary.settleDue(settleAt)).toBe(3);
    expect(seen.sort()).toEqual([[100, 1], [250, 2]]);

    // With a JS listener the batch's rows come back, and the lateness is taken from them.
    for (const t of [settleAt + 500 - 300, settleAt + 500 - 300]) await insert(t);
    const withRows = new SettlementEngine(s.deps.db, { onLag: s.deps.metrics.observeSettlementLag });
    withRows.onSettled(async () => undefined);
    expect(await withRows.settleDue(settleAt + 500)).toBe(2);
    const after = await lag();
    expect(after.count).toBe(before.count + 2);
    expect(after.sum).toBeCloseTo(before.sum + 0.6, 9);
  });

  it('is not observed for a batch that rolled back', async () => {
    const settleAt = T0 + 300_000;
    await recordTicks(s.deps.db, btc, [[settleAt - 1000, '67000.00'], [settleAt + 1000, '67001.00']]);
    const m = await s.member();
    await s.deps.db.execute(sql`INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, open_tick_time, open_time, settle_time)
      VALUES (${m.id}, ${btc.id}, 'rise', 1000, 0, 30, 800000, 6600000, ${settleAt - 31_000}, ${settleAt - 30_000}, ${settleAt})`);
    const seen: number[] = [];
    const failing = new SettlementEngine(s.deps.db, { onLag: (ms) => seen.push(ms) });
    failing.onSettled(async () => {
      throw new Error('listener failed');
    });
    await expect(failing.settleDue(settleAt + 10)).rejects.toThrow('listener failed');
    expect(seen).toEqual([]);
    expect(await new SettlementEngine(s.deps.db, { onLag: (ms) => seen.push(ms) }).settleDue(settleAt + 20)).toBe(1);
    expect(seen).toEqual([20]);
  });
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bar, Interval, ProductDetails, ProductSummary } from '../../src/contract/market.ts';
import { rows } from '../db/rows.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { DAY, HOUR, MINUTE, type Bar as StoredBar } from '../market/feed.ts';
import { INTERVAL_MS, INTERVAL_NAMES } from '../../src/contract/intervals.ts';
import { SOURCE_RESOLUTION } from '../market/kdata.ts';
import { formatScaled } from '../market/prices.ts';
import { createSimulatedFeed } from '../market/service.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import { withSymbol } from '../testing/market.ts';

const s = useTestServer();
let token = '';
let products: MarketProduct[] = [];
const bySymbol = (symbol: string): MarketProduct => withSymbol(products, symbol);
const NOW = T0 + 10_000;

beforeAll(async () => {
  products = await loadProducts(s.deps.db);
  token = (await s.member()).token;
  const market = await createSimulatedFeed(s.deps.db);
  await market.resume(T0);
  for (let t = T0; t <= NOW; t += 1000) await market.step(t);
  s.clock.set(NOW);
});

type Raw = Pick<StoredBar, 't' | 'open' | 'high' | 'low' | 'close' | 'volume'>;
async function candles(id: number, res: number): Promise<Raw[]> {
  const found = await rows<Record<'t' | 'open' | 'high' | 'low' | 'close' | 'volume', string>>(
    s.deps.db,
    sql`SELECT t::text, open::text, high::text, low::text, close::text, volume::text FROM candles WHERE product_id = ${id} AND res = ${res} ORDER BY t`,
  );
  return found.map((r) => ({ t: Number(r.t), open: BigInt(r.open), high: BigInt(r.high), low: BigInt(r.low), close: BigInt(r.close), volume: BigInt(r.volume) }));
}
/** Independent of the server's SQL: aggregate finer candles in code. */
function aggregate(p: MarketProduct, source: readonly Raw[], ms: number): Map<number, Bar> {
  const out = new Map<number, Raw>();
  for (const c of source) {
    const bt = Math.floor(c.t / ms) * ms;
    const b = out.get(bt);
    if (!b) out.set(bt, { ...c, t: bt });
    else Object.assign(b, { high: c.high > b.high ? c.high : b.high, low: c.low < b.low ? c.low : b.low, close: c.close, volume: b.volume + c.volume });
  }
  const f = (v: bigint) => formatScaled(v, p.decimals);
  return new Map([...out].map(([t, b]) => [t, [t, f(b.open), f(b.high), f(b.low), f(b.close), formatScaled(b.volume, p.qtyDecimals)] as Bar]));
}
const kdata = async (body: Record<string, unknown>) => {
  const r = await s.call('product/kdata', body, { token });
  return { status: r.status, msg: r.body.msg, data: r.body.data as { interval: Interval; bars: Bar[]; serverTime: number }, bytes: JSON.stringify(r.body).length };
};

describe('product/list and product/details', () => {
  it('lists every product with last price, 24 h change, category and open flag; filters by category', async () => {
    const r = await s.call('product/list', {}, { token });
    const { items, serverTime } = r.body.data as { items: ProductSummary[]; serverTime: number };
    expect(serverTime).toBe(NOW);
    expect(items).toHaveLength(products.length);
    const btc = items.find((i) => i.symbol === 'BTCUSDT');
    const [last] = await rows<{ price: string }>(s.deps.db, sql`SELECT price::text FROM ticks WHERE product_id = ${bySymbol('BTCUSDT').id} ORDER BY t DESC LIMIT 1`);
    expect(btc).toMatchObject({ category: 'crypto', decimals: 2, open: true, price: formatScaled(BigInt(last?.price ?? 0), 2) });
    expect(btc?.changePct).toMatch(/^-?\d+\.\d{2}$/);
    expect(items.find((i) => i.symbol === '0700.HK')?.open).toBe(false);
    const metals = (await s.call('product/list', { category: 'metals' }, { token })).body.data as { items: ProductSummary[] };
    expect(metals.items.map((i) => i.symbol)).toEqual(['XAUUSD', 'XAGUSD', 'XPTUSD', 'XPDUSD', 'XCUUSD']);
    expect((await s.call('product/list', { category: 'bonds' }, { token })).status).toBe(400);
  });

  it('details the cycles with payout rates, fee rate and limits; unknown ids are 404', async () => {
    const r = await s.call('product/details', { id: bySymbol('EURUSD').id }, { token });
    const d = r.body.data as ProductDetails;
    expect(d).toMatchObject({
      symbol: 'EURUSD', category: 'forex', decimals: 5, feeRate: '0.002', minAmount: '10.00', maxAmount: '50000.00', serverTime: NOW,
      cycles: [{ seconds: 30, payoutRate: '0.8' }, { seconds: 60, payoutRate: '0.85' }, { seconds: 120, payoutRate: '0.88' }, { seconds: 300, payoutRate: '0.92' }],
    });
    expect(d.price).toMatch(/^\d\.\d{5}$/);
    for (const path of ['product/details', 'product/kdata', 'product/trunover', 'product/orders'] as const) {
      const bad = await s.call(path, { id: 424242, interval: '1m' }, { token });
      expect([bad.status, bad.body.msg]).toEqual([404, 'error.product_unknown']);
    }
  });
});

describe('product/kdata', () => {
  it.each(INTERVAL_NAMES)('%s bars equal the finer candles aggregated in code', async (interval) => {
    const p = bySymbol('BTCUSDT');
    const ms = INTERVAL_MS[interval];
    const res = SOURCE_RESOLUTION[interval];
    const { data } = await kdata({ id: p.id, interval, limit: 1500 });
    expect(data.interval).toBe(interval);
    const times = data.bars.map((b) => b[0]);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    // Check each bar against candles one resolution finer, over the span that finer resolution covers.
    const finer = res === 60 ? 60 : res === 3600 ? 60 : 3600;
    const source = await candles(p.id, finer);
    const from = source[0]?.t ?? 0;
    const expected = aggregate(p, source, ms);
    const checked = data.bars.filter((b) => b[0] >= from && b[0] + ms <= NOW);
    expect(checked.length).toBeGreaterThan(interval === '1d' ? 10 : 8);
    for (const b of checked) expect(b).toEqual(expected.get(b[0]));
    // And the last bar is the current, still-forming one.
    expect(data.bars[data.bars.length - 1]?.[0]).toBe(Math.floor(NOW / ms) * ms);
  });

  it('a full day of 1-minute bars and 120+ days of daily bars', async () => {
    const p = bySymbol('BTCUSDT');
    const minutes = await kdata({ id: p.id, interval: '1m', limit: 1440 });
    expect(minutes.data.bars).toHaveLength(1440);
    expect(minutes.data.bars[0]?.[0]).toBe(Math.floor(NOW / MINUTE) * MINUTE - 1439 * MINUTE);
    const days = await kdata({ id: p.id, interval: '1d' });
    expect(days.data.bars.length).toBeGreaterThanOrEqual(120);
    console.log(`[measure] kdata payload: 1m×500 ${(await kdata({ id: p.id, interval: '1m' })).bytes} B, 1m×1440 ${minutes.bytes} B, 1d ${days.bytes} B`);
  });

  it('since returns only bars with open time >= since, so an unchanged poll is under 1 KB; limit caps the count', async () => {
    const p = bySymbol('BTCUSDT');
    for (const interval of INTERVAL_NAMES) {
      const full = await kdata({ id: p.id, interval });
      const lastOpen = full.data.bars[full.data.bars.length - 1]?.[0] ?? 0;
      const poll = await kdata({ id: p.id, interval, since: lastOpen });
      expect(poll.data.bars).toEqual(full.data.bars.slice(-1));
      expect(poll.bytes).toBeLessThan(1024);
      const two = await kdata({ id: p.id, interval, since: lastOpen - INTERVAL_MS[interval] });
      expect(two.data.bars).toEqual(full.data.bars.slice(-2));
      if (interval === '1m') console.log(`[measure] kdata since-poll payload: ${poll.bytes} B`);
    }
    expect((await kdata({ id: p.id, interval: '5m', limit: 7 })).data.bars).toHaveLength(7);
    const future = await kdata({ id: p.id, interval: '1m', since: NOW + HOUR });
    expect(future.data.bars).toEqual([]);
    expect((await kdata({ id: p.id, interval: '2m' })).status).toBe(400);
    expect((await kdata({ id: p.id, interval: '1m', limit: 5000 })).status).toBe(400);
  });

  it('a stock on Monday at the open still shows its last sessions', async () => {
    const { data } = await kdata({ id: bySymbol('AAPL').id, interval: '5m', limit: 100 });
    expect(data.bars).toHaveLength(100);
  });
});

describe('product/trunover', () => {
  it('sums 24 h volume and amount from the candles, with high, low and the latest trades after a cursor', async () => {
    const p = bySymbol('BTCUSDT');
    const r = await s.call('product/trunover', { id: p.id }, { token });
    const t = r.body.data as { price: string; volume24h: string; amount24h: string; high24h: string; low24h: string; trades: [number, string, string, string][]; serverTime: number };
    const [sum] = await rows<{ v: string; h: string; l: string }>(
      s.deps.db,
      sql`SELECT sum(volume)::text AS v, max(high)::text AS h, min(low)::text AS l FROM candles WHERE product_id = ${p.id} AND res = 60 AND t > ${NOW - DAY}`,
    );
    expect(t.volume24h).toBe(formatScaled(BigInt(sum?.v ?? 0), p.qtyDecimals));
    expect([t.high24h, t.low24h]).toEqual([formatScaled(BigInt(sum?.h ?? 0), 2), formatScaled(BigInt(sum?.l ?? 0), 2)]);
    expect(t.amount24h).toMatch(/^\d+\.\d{2}$/);
    expect(t.trades).toHaveLength(11); // T0 .. T0 + 10 s
    expect(t.trades[10]?.[0]).toBe(NOW);
    expect(t.trades[10]?.[1]).toBe(t.price);
    const after = await s.call('product/trunover', { id: p.id, since: NOW - 3000 }, { token });
    expect((after.body.data as typeof t).trades.map((x) => x[0])).toEqual([NOW - 2000, NOW - 1000, NOW]);
  });

  it('lets a visitor read the market (list, details, candles, tape) but not anyone\'s orders', async () => {
    const p = bySymbol(products[0]?.symbol ?? '');
    const list = await s.call('product/list', {});
    expect(list.status).toBe(200);
    expect((list.body.data as { items: ProductSummary[] }).items.length).toBe(products.length);
    expect((await s.call('product/details', { id: p.id })).status).toBe(200);
    expect((await s.call('product/kdata', { id: p.id, interval: '1m' })).status).toBe(200);
    expect((await s.call('product/trunover', { id: p.id })).status).toBe(200);
    // An expired or unknown token on a public read is no reason to refuse it.
    expect((await s.call('product/list', {}, { token: 'no-such-token' })).status).toBe(200);
    const orders = await s.call('product/orders', { id: p.id });
    expect(orders.status).toBe(401);
    expect(orders.body.msg).toBe('error.unauthorized');
  });
});

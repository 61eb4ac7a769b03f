import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import { loadProducts, type MarketProduct } from './catalog.ts';
import { DAY, HOUR, MINUTE } from './feed.ts';
import { parseScaled } from './prices.ts';
import { lastPrices, RETENTION, watermark } from './recorder.ts';
import { parseOhlcvCsv, ReplayFeed } from './replay.ts';
import { createSimulatedFeed, MarketFeed } from './service.ts';
import { isOpen } from './sessions.ts';
import { countRows, withSymbol } from '../testing/market.ts';

const s = useTestServer();
let products: MarketProduct[] = [];
const bySymbol = (symbol: string): MarketProduct => withSymbol(products, symbol);
const minuteTimes = async (id: number, from: number, to: number) =>
  (await rows<{ t: string }>(s.deps.db, sql`SELECT t::text FROM candles WHERE product_id = ${id} AND res = 60 AND t >= ${from} AND t < ${to} ORDER BY t`)).map((r) => Number(r.t));

beforeAll(async () => {
  products = await loadProducts(s.deps.db);
});

describe('catalogue', () => {
  it('has at least 5 products in each of the 4 categories, each with cycles and terms', () => {
    for (const c of ['stocks', 'forex', 'crypto', 'metals'] as const) expect(products.filter((p) => p.category === c).length).toBeGreaterThanOrEqual(5);
    for (const p of products) expect(p.cycles.map((c) => c.seconds)).toEqual([30, 60, 120, 300]);
  });
});

describe('first start', () => {
  let market: MarketFeed;

  it('backfills so a one-day chart is full, and reports its cost', async () => {
    const started = performance.now();
    market = await createSimulatedFeed(s.deps.db);
    const written = await market.resume(s.clock.now());
    const ms = performance.now() - started;
    const candles = await countRows(s.deps.db, 'candles');
    console.log(`[measure] backfill on PGlite: ${ms.toFixed(0)} ms, ${written.candles} candles written, ${candles} rows`);
    expect(candles).toBe(written.candles);
    const now = s.clock.now();
    for (const symbol of ['BTCUSDT', 'EURUSD', 'XAUUSD']) {
      // Every minute of the last 24 h (forex and metals trade all Monday).
      const times = await minuteTimes(bySymbol(symbol).id, now - DAY, now);
      const expected = Array.from({ length: 1440 }, (_, i) => now - DAY + i * MINUTE).filter((t) => isOpen(bySymbol(symbol).session, t));
      expect(times, symbol).toEqual(expected);
    }
    // A stock on Monday at the open: its last full session (Friday) is there, minute by minute.
    const friday = await minuteTimes(bySymbol('AAPL').id, Date.UTC(2026, 9, 30, 13, 30), Date.UTC(2026, 9, 30, 20, 0));
    expect(friday).toHaveLength(390);
    // Hourly candles for 16 days (14 from bars, 2 folded from minutes), daily ones for 120 days and more.
    const count = async (res: number) =>
      Number((await rows<{ n: string }>(s.deps.db, sql`SELECT count(*)::text AS n FROM candles WHERE product_id = ${bySymbol('BTCUSDT').id} AND res = ${res}`))[0]?.n);
    expect(await count(3600)).toBeGreaterThanOrEqual(16 * 24);
    expect(await count(86400)).toBeGreaterThanOrEqual(120 + 16);
  });

  it('says open markets are open from the first second after the start, with the watermark at the end of it', async () => {
    // Right after the resume, before the loop's first step: the current minute's seconds were written with the history.
    const { token } = await s.member();
    const items = ((await s.call('product/list', {}, { token })).body.data as { items: { symbol: string; open: boolean }[] }).items;
    const open = new Map(items.map((i) => [i.symbol, i.open]));
    for (const p of products.filter((x) => x.session === 'always')) expect(open.get(p.symbol), p.symbol).toBe(true);
    expect(open.get('0700.HK')).toBe(false);
    expect(await watermark(s.deps.db)).toBe(Math.floor(s.clock.now() / 1000) * 1000 + 999);
  });

  it('then makes one tick per second for each open product, and folds them into the current candles', async () => {
    const now = s.clock.now();
    // The resume already wrote the current second's ticks (T0 is on a minute): a step at the same time adds none.
    expect((await market.step(now)).ticks).toBe(0);
    const written = await market.step(now + 1000);
    // At T0 (Monday 09:30 New York) everything trades except Hong Kong, closed at 22:30 local time.
    expect(written.ticks).toBe(products.length - 1);
    await market.step(now + 2000);
    const btc = bySymbol('BTCUSDT');
    const ticks = await rows<{ price: string }>(s.deps.db, sql`SELECT price::text FROM ticks WHERE product_id = ${btc.id} ORDER BY t`);
    expect(ticks).toHaveLength(3);
    const [bar] = await rows<{ open: string; close: string; high: string; low: string }>(
      s.deps.db,
      sql`SELECT open::text, close::text, high::text, low::text FROM candles WHERE product_id = ${btc.id} AND res = 60 AND t = ${now}`,
    );
    const prices = ticks.map((k) => BigInt(k.price));
    expect(bar).toEqual({
      open: String(prices[0]), close: String(prices[2]),
      high: String(prices.reduce((a, b) => (b > a ? b : a))), low: String(prices.reduce((a, b) => (b < a ? b : a))),
    });
    s.clock.set(now + 2000);
  });

  it('after downtime, a restarted feed fills the gap: no missing minute, ticks for the first ten minutes', async () => {
    const stoppedAt = s.clock.now();
    s.clock.advance(2 * HOUR + 30_000);
    const now = s.clock.now();
    const restarted = await createSimulatedFeed(s.deps.db);
    const started = performance.now();
    const written = await restarted.resume(now);
    console.log(`[measure] 2 h downtime gap filled in ${(performance.now() - started).toFixed(0)} ms: ${written.ticks} ticks, ${written.candles} candles`);
    const btc = bySymbol('BTCUSDT');
    const times = await minuteTimes(btc.id, now - DAY, now + MINUTE);
    const missing = Array.from({ length: 1441 }, (_, i) => Math.floor((now - DAY) / MINUTE) * MINUTE + (i + 1) * MINUTE).filter((t) => t <= now && !times.includes(t));
    expect(missing.map((t) => (t - stoppedAt) / MINUTE)).toEqual([]);
    expect(times).toEqual(Array.from({ length: 1441 }, (_, i) => Math.floor((now - DAY) / MINUTE) * MINUTE + (i + 1) * MINUTE).filter((t) => t <= now));
    const [dense] = await rows<{ n: string }>(s.deps.db, sql`SELECT count(*)::text AS n FROM ticks WHERE product_id = ${btc.id} AND t > ${stoppedAt} AND t <= ${stoppedAt + 600_000}`);
    expect(Number(dense?.n)).toBe(600);
    const last = (await lastPrices(s.deps.db)).get(btc.id);
    expect(last?.t).toBe(Math.floor(now / 1000) * 1000);
    // And it goes on ticking from there.
    expect((await restarted.step(now + 1000)).ticks).toBeGreaterThan(0);
  });

  it('prunes ticks after 24 h and 1-minute candles after 7 days', async () => {
    const now = s.clock.now();
    await s.deps.db.execute(sql`SELECT 1`);
    const market2 = await createSimulatedFeed(s.deps.db);
    await market2.prune(now + RETENTION.minute);
    const [oldTicks] = await rows<{ n: string }>(s.deps.db, sql`SELECT count(*)::text AS n FROM ticks WHERE t < ${now + RETENTION.minute - RETENTION.ticks}`);
    const [oldMinutes] = await rows<{ n: string }>(s.deps.db, sql`SELECT count(*)::text AS n FROM candles WHERE res = 60 AND t < ${now}`);
    expect([Number(oldTicks?.n), Number(oldMinutes?.n)]).toEqual([0, 0]);
    expect(await countRows(s.deps.db, 'candles', sql`WHERE res = 3600`)).toBeGreaterThan(0);
  });
});

describe('replay feed', () => {
  const csv = readFileSync(new URL('./fixtures/BTCUSDT.csv', import.meta.url), 'utf8');

  it('parses OHLCV CSV and refuses a bad header or number', () => {
    const parsed = parseOhlcvCsv(csv);
    expect(parsed).toHaveLength(5);
    expect(parsed[0]).toEqual({ t: Date.UTC(2024, 2, 1), open: '61000.00', high: '61250.50', low: '60900.00', close: '61200.25', volume: '12.5000' });
    expect(() => parseOhlcvCsv('t,o,h,l,c,v\n1,2,3,4,5,6')).toThrow(/header/);
    expect(() => parseOhlcvCsv('time,open,high,low,close,volume\n1700000000,1,2,x,1,1')).toThrow(/bad number/);
  });

  it('replays the bars as ticks that rebuild the same 1-minute candles', async () => {
    const btc = bySymbol('BTCUSDT');
    const startAt = T0 + 30 * DAY; // clear of the simulator's history in this file
    const market = new MarketFeed(s.deps.db, new ReplayFeed([{ product: btc, rows: parseOhlcvCsv(csv) }], { startAt }));
    await market.resume(startAt - 1000);
    for (let t = startAt; t <= startAt + 5 * MINUTE + 7000; t += 7000) await market.step(t);
    const bars = await rows<{ t: string; open: string; high: string; low: string; close: string; volume: string }>(
      s.deps.db,
      sql`SELECT t::text, open::text, high::text, low::text, close::text, volume::text FROM candles WHERE product_id = ${btc.id} AND res = 60 AND t >= ${startAt} ORDER BY t`,
    );
    const expected = parseOhlcvCsv(csv).map((r, i) => ({
      t: String(startAt + i * MINUTE),
      ...Object.fromEntries((['open', 'high', 'low', 'close'] as const).map((k) => [k, String(parseScaled(r[k], btc.decimals))])),
      volume: String(parseScaled(r.volume, btc.qtyDecimals)),
    }));
    expect(bars).toEqual(expected);
    const [ticks] = await rows<{ n: string }>(s.deps.db, sql`SELECT count(*)::text AS n FROM ticks WHERE product_id = ${btc.id} AND t >= ${startAt}`);
    // One tick a second: a random path through each 1-minute bar that rebuilds its candle exactly.
    expect(Number(ticks?.n)).toBe(300);
  });

  it('loops when asked, and says so each time the file ends', () => {
    const btc = bySymbol('BTCUSDT');
    const warnings: string[] = [];
    const feed = new ReplayFeed([{ product: btc, rows: parseOhlcvCsv(csv) }], { startAt: 0, loop: true, warn: (m) => warnings.push(m) });
    const ticks = feed.poll(10 * MINUTE - 1).ticks;
    expect(ticks).toHaveLength(600);
    expect(ticks[300]?.t).toBe(5 * MINUTE);
    expect(ticks[300]?.price).toBe(parseScaled('61000.00', btc.decimals));
    expect(warnings).toEqual([expect.stringMatching(/BTCUSDT: the file has ended; replaying it again/)]);
  });

  it('without a loop it stops at the end of the file with a warning, not silently', () => {
    const btc = bySymbol('BTCUSDT');
    const warnings: string[] = [];
    const feed = new ReplayFeed([{ product: btc, rows: parseOhlcvCsv(csv) }], { startAt: 0, warn: (m) => warnings.push(m) });
    expect(feed.poll(10 * MINUTE).ticks).toHaveLength(300);
    expect(feed.poll(20 * MINUTE).ticks).toHaveLength(0);
    expect(warnings).toEqual([expect.stringMatching(/BTCUSDT: the file has ended; this product gets no more ticks/)]);
  });

  it('reveals a bar only as its time passes: nothing of a bar is out before its second comes', () => {
    const btc = bySymbol('BTCUSDT');
    const feed = new ReplayFeed([{ product: btc, rows: parseOhlcvCsv(csv) }], { startAt: 0 });
    for (let now = 0; now < 5 * MINUTE; now += 1000) for (const k of feed.poll(now).ticks) expect(k.t).toBeLessThanOrEqual(now);
  });
});

// GET product/live: the trades of watched products as they are recorded, each once and in order, also across a
// resume from the cursor on another server; quotes alone for listed products; bad input refused before streaming.
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { ManualClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { productsNamed, recordTicks } from '../testing/market.ts';
import { makeDeps } from '../make-deps.ts';
import type { LiveEvent } from '../../src/contract/live.ts';
import { readLive, type LiveReader } from '../testing/live-reader.ts';
import { T0, useTestServer } from '../testing/harness.ts';

const s = useTestServer();

async function open(query: string, headers: Record<string, string> = {}, app = s.app): Promise<LiveReader> {
  const res = await app.request(`/api/product/live?${query}`, { headers });
  expect(res.status, await (res.status === 200 ? Promise.resolve('') : res.clone().text())).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return readLive(res);
}

/** Records ticks at these times and tells the live market, as the feed does after its write commits. */
async function trade(symbol: string, ...times: number[]): Promise<void> {
  const [p] = await productsNamed(s.deps.db, symbol);
  if (!p) throw new Error(symbol);
  await recordTicks(s.deps.db, p, times.map((t, i) => [t, `6700${i % 10}.00`] as [number, string]));
  s.clock.set(Math.max(s.clock.now(), ...times));
  s.deps.live.watermarkRose(Math.max(...times));
}

const tradeTimes = (e: LiveEvent, id: number): number[] =>
  e.products?.find((p) => p.id === id)?.trades?.map((t) => t[0]) ?? [];

describe('GET product/live', () => {
  it('refuses bad input with a translated error, never a 500, and starts no stream', async () => {
    for (const query of ['', 'watch=', 'watch=abc', 'watch=1,1', 'watch=1,2,3,4,5', 'watch=99999', 'quotes=0', 'watch=1:-5', 'watch=1:99999999999999999', `quotes=${'1,'.repeat(70)}1`]) {
      const res = await s.app.request(`/api/product/live?${query}`);
      // An unknown product is a 404 as on every market read; the rest are field errors.
      expect(res.status, query).toBe(query === 'watch=99999' ? 404 : 400);
      const body = (await res.json()) as { code: number; msg: string };
      expect(body.msg, query).toMatch(/^error\./);
    }
    expect(s.deps.live.streams).toBe(0);
  });

  it('sends each trade once and in order as it is recorded, and resumes from the cursor on a restarted server', async () => {
    const [btc, eth] = await productsNamed(s.deps.db, 'BTCUSDT', 'ETHUSDT');
    if (!btc || !eth) throw new Error('products');
    await trade('BTCUSDT', T0 - 2_000, T0 - 1_000);
    const recorded = [T0 - 2_000, T0 - 1_000];
    const stream = await open(`watch=${btc.id}&quotes=${eth.id}`);
    const first = await stream.next();
    const received = tradeTimes(first, btc.id);
    expect(first.products?.find((p) => p.id === btc.id)?.stats?.volume24h).toMatch(/^\d/);
    expect(first.products?.find((p) => p.id === btc.id)?.quote?.price).toBe('67001.00');
    expect(first.products?.find((p) => p.id === eth.id)?.quote).toBeDefined();
    let cursor = first.w;

    for (const batch of [[T0 + 1_000], [T0 + 2_000, T0 + 3_000], [T0 + 4_000]]) {
      await trade('BTCUSDT', ...batch);
      recorded.push(...batch);
      const e = await stream.next();
      received.push(...tradeTimes(e, btc.id));
      // The quoted product gets no trades, only its quote when it moves.
      expect(e.products?.find((p) => p.id === eth.id)?.trades).toBeUndefined();
      // After the first event a quote carries only what changed: the price moved, the market stayed open.
      const quote = e.products?.find((p) => p.id === btc.id)?.quote;
      expect(quote?.price).toMatch(/^6700\d\.00$/);
      expect(quote?.open).toBeUndefined();
      cursor = e.w;
    }
    expect(received).toEqual(recorded);
    await stream.close();

    // Trades while nobody streams, then a new server on the same data: the cursor brings exactly the rest.
    await trade('BTCUSDT', T0 + 5_000, T0 + 6_000);
    recorded.push(T0 + 5_000, T0 + 6_000);
    const database = s.database.kind === 'pglite' ? await openPglite(undefined, await s.database.dump()) : s.database;
    try {
      const deps = makeDeps(database, loadConfig({ MARKET_FEED: 'false' }), new ManualClock(T0 + 7_000), true);
      const resumed = await open(`watch=${btc.id}:${cursor}`, {}, createApp(deps));
      received.push(...tradeTimes(await resumed.next(), btc.id));
      await resumed.close();
      deps.live.stop();
    } finally {
      if (database !== s.database) await database.close();
    }
    expect(received).toEqual(recorded);
  });

  it('streams gzip when asked, each event readable as it arrives', async () => {
    const [btc] = await productsNamed(s.deps.db, 'BTCUSDT');
    if (!btc) throw new Error('BTCUSDT');
    const res = await s.app.request(`/api/product/live?watch=${btc.id}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const stream = readLive(res);
    const first = await stream.next();
    const t = s.clock.now() + 1_000;
    await trade('BTCUSDT', t);
    const e = await stream.next();
    expect(e.w).toBeGreaterThan(first.w);
    expect(tradeTimes(e, btc.id)).toEqual([t]);
    await stream.close();
  });

  it('streams asking alike share their events (compressed once) and each still gets every trade once, in order', async () => {
    const [btc] = await productsNamed(s.deps.db, 'BTCUSDT');
    if (!btc) throw new Error('BTCUSDT');
    const gzip = { 'accept-encoding': 'gzip' };
    const early = await open(`watch=${btc.id}`, gzip);
    const plain = await open(`watch=${btc.id}`);
    const streams = [early, plain];
    const received = new Map<LiveReader, number[]>();
    const cursor = new Map<LiveReader, number>();
    for (const stream of streams) {
      const first = await stream.next();
      received.set(stream, []);
      cursor.set(stream, first.w);
    }
    const recorded: number[] = [];
    let late: LiveReader | null = null;
    // About 40 events: well past the 4 KB a stream must share with its cohort before it takes shared events.
    for (let i = 1; i <= 40; i++) {
      const t = s.clock.now() + 1_000;
      await trade('BTCUSDT', t);
      recorded.push(t);
      for (const stream of streams) received.get(stream)?.push(...tradeTimes(await stream.next(), btc.id));
      if (i === 10) {
        // A stream opening later joins the same cohort, from its own start.
        late = await open(`watch=${btc.id}`, gzip);
        const first = await late.next();
        streams.push(late);
        received.set(late, []);
        cursor.set(late, first.w);
      }
    }
    for (const stream of [early, plain]) expect(received.get(stream)).toEqual(recorded);
    expect(received.get(late ?? early)).toEqual(recorded.filter((t) => t > (cursor.get(late ?? early) ?? 0)));
    for (const stream of streams) await stream.close();
  });

  it('a stream whose client is gone is forgotten', async () => {
    const [btc] = await productsNamed(s.deps.db, 'BTCUSDT');
    if (!btc) throw new Error('BTCUSDT');
    const before = s.deps.live.streams;
    const stream = await open(`watch=${btc.id}`);
    await stream.next();
    expect(s.deps.live.streams).toBe(before + 1);
    await stream.close();
    expect(s.deps.live.streams).toBe(before);
  });
});

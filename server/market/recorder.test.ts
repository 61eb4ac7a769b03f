import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import { loadProducts } from './catalog.ts';
import { MINUTE } from './feed.ts';
import { backfill } from './history.ts';
import { candlesEnd, lastPrices, recordBatch } from './recorder.ts';
import { MarketFeed } from './service.ts';
import { cryptoRng } from './prng.ts';
import { serverSecret } from '../secrets.ts';
import { Simulator } from './simulator.ts';

const s = useTestServer();
const H = 3_600_000;

describe('candlesEnd', () => {
  it('takes the 1-minute candle over the hour and day it is folded into, and coarse bars only beyond it', () => {
    const minute = { start: 14 * H + 29 * MINUTE, res: 60, close: 1n } as const;
    const hour = { start: 14 * H, res: 3600, close: 1n } as const;
    const day = { start: 0, res: 86400, close: 1n } as const;
    expect(candlesEnd([minute, hour, day])).toBe(minute);
    // Hourly bars after the last minute (history made of bars only) do extend it.
    const later = { start: 15 * H, res: 3600, close: 2n } as const;
    expect(candlesEnd([minute, later, day])).toBe(later);
    expect(candlesEnd([null, null, day])).toBe(day);
    expect(candlesEnd([null, null, null])).toBeNull();
  });
});

describe('lastPrices after a first start that stored history but no tick yet', () => {
  it('ends where the backfill ended, not where today\'s daily candle ends, so a restart goes on ticking', async () => {
    const btc = (await loadProducts(s.deps.db)).find((p) => p.symbol === 'BTCUSDT');
    if (!btc) throw new Error('no BTCUSDT');
    // History without a tick: the backfill's 1-minute, hourly and daily candles up to the current minute, as a
    // first start before ticks were written with it left them. (One product keeps it quick; T0 is mid-afternoon
    // UTC, hours before the daily candle ends.)
    const start = T0 + 20_000;
    await recordBatch(s.deps.db, { ticks: [], bars: backfill(btc, cryptoRng(), start).bars, historyTicks: [] });

    // The process stops before its first tick is stored, and starts again a few seconds later.
    const last = (await lastPrices(s.deps.db)).get(btc.id);
    expect(last?.t).toBe(Math.floor(start / MINUTE) * MINUTE - 1000);
    const [minute] = await rows<{ close: string }>(s.deps.db, sql`SELECT close::text FROM candles WHERE product_id = ${btc.id} AND res = 60 ORDER BY t DESC LIMIT 1`);
    expect(last?.price.toString()).toBe(minute?.close);

    const restart = start + 5_000;
    const again = new MarketFeed(s.deps.db, new Simulator([btc], await serverSecret(s.deps.db, 'market_seed')));
    await again.resume(restart);
    await again.step(restart + 1000);
    const [ticks] = await rows<{ n: number; last: string | null }>(s.deps.db, sql`SELECT count(*)::int AS n, max(t)::text AS last FROM ticks WHERE product_id = ${btc.id}`);
    // Every second from the backfill's end to now, not silence until midnight UTC.
    expect(Number(ticks?.last)).toBe(restart + 1000);
    expect(ticks?.n).toBe((restart + 1000 - (Math.floor(start / MINUTE) * MINUTE - 1000)) / 1000);
  });
});

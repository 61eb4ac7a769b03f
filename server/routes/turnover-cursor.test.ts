// product/trunover since the last trade it answered: every trade recorded between two polls arrives in
// the next answer exactly once, as the worker's cursor (its newest trade's time) asks, also after a server restart.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { turnover } from '../../src/contract/market.ts';
import { createApp } from '../app.ts';
import { ManualClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { productsNamed, recordTicks } from '../testing/market.ts';
import { makeDeps } from '../make-deps.ts';
import { T0, useTestServer } from '../testing/harness.ts';

const s = useTestServer();
type Turnover = z.infer<typeof turnover>;
type Ask = (body: Record<string, unknown>) => Promise<Turnover>;

const askVia =
  (request: (path: string) => Response | Promise<Response>): Ask =>
  async (body) => {
    const query = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await request(`/api/product/trunover?${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Turnover }).data;
  };

/** Polls as the worker does: the newest trade's time is the next cursor. Answers the trade times it got. */
function poller(ask: Ask, id: number) {
  let cursor: number | undefined;
  return {
    cursor: () => cursor,
    async poll(): Promise<number[]> {
      const answer = await ask(cursor === undefined ? { id } : { id, since: cursor });
      const newest = answer.trades.at(-1);
      if (newest !== undefined) cursor = newest[0];
      return answer.trades.map((t) => t[0]);
    },
  };
}

describe('product/trunover since a cursor', () => {
  it('brings each trade exactly once, whatever falls between two polls, and again after a restart', async () => {
    const [btc] = await productsNamed(s.deps.db, 'BTCUSDT');
    if (!btc) throw new Error('BTCUSDT');
    const recorded: number[] = [];
    const record = async (...times: number[]) => {
      await recordTicks(s.deps.db, btc, times.map((t, i) => [t, `6700${i}.00`] as [number, string]));
      recorded.push(...times);
    };
    await record(T0 - 2_000, T0 - 1_000);
    s.clock.set(T0);
    const ask = askVia((path) => s.app.request(path));
    const worker = poller(ask, btc.id);
    const received: number[] = [];
    received.push(...(await worker.poll()));
    // Nothing new: an empty answer.
    expect(await worker.poll()).toEqual([]);
    // Several trades in one gap, one in the next, two within the same millisecond's neighbours.
    await record(T0 + 100, T0 + 600, T0 + 601);
    s.clock.set(T0 + 1_000);
    received.push(...(await worker.poll()));
    await record(T0 + 1_500);
    s.clock.set(T0 + 2_000);
    received.push(...(await worker.poll()));
    expect(await worker.poll()).toEqual([]);

    // A restart: the same data opened again by a new server; the worker keeps its cursor.
    await record(T0 + 2_500, T0 + 2_900);
    const database = s.database.kind === 'pglite' ? await openPglite(undefined, await s.database.dump()) : s.database;
    try {
      const app = createApp(makeDeps(database, loadConfig({ MARKET_FEED: 'false' }), new ManualClock(T0 + 3_000), true));
      const cursor = worker.cursor();
      if (cursor === undefined) throw new Error('no cursor');
      const answer = await askVia((path) => app.request(path))({ id: btc.id, since: cursor });
      received.push(...answer.trades.map((t) => t[0]));
    } finally {
      if (database !== s.database) await database.close();
    }
    expect(received).toEqual(recorded);
    expect(new Set(received).size).toBe(received.length);
  });
});

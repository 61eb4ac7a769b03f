// product/orders with a cursor: a poll that repeats carries what it has, and the server answers with only
// what changed since. Each change (an order opened, an order settled) arrives exactly once: not lost between two
// polls, not sent twice, also after a server restart and when a change commits while a poll is being answered.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/market.ts';
import { createApp } from '../app.ts';
import { ManualClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { move } from '../domain/ledger.ts';
import { toCents } from '../../src/shared/money.ts';
import type { MarketProduct } from '../market/catalog.ts';
import { placeOrder } from '../market/orders.ts';
import { SettlementEngine } from '../market/settlement.ts';
import { productsNamed, recordTicks } from '../testing/market.ts';
import { makeDeps } from '../make-deps.ts';
import { T0, useTestServer } from '../testing/harness.ts';

const s = useTestServer();
let btc: MarketProduct;
let eth: MarketProduct;

interface Answer {
  readonly items: readonly Order[];
  readonly cursor: string;
}
type Call = typeof s.call;

async function funded() {
  const m = await s.member();
  await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: toCents('1000.00'), ref: 'test funding' }));
  return m;
}
const place = async (token: string, product = btc): Promise<Order> => {
  const res = await s.call('order/create', { productId: product.id, direction: 'rise', amount: '10.00', cycle: 30 }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Order;
};
async function orders(token: string, cursor?: string, call: Call = s.call): Promise<Answer> {
  const res = await call('product/orders', cursor === undefined ? { id: btc.id } : { id: btc.id, cursor }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Answer;
}
const seen = (a: Answer): string[] => a.items.map((o) => `${o.id}:${o.status}`);

beforeAll(async () => {
  [btc, eth] = (await productsNamed(s.deps.db, 'BTCUSDT', 'ETHUSDT')) as [MarketProduct, MarketProduct];
  await recordTicks(s.deps.db, btc, [[T0 - 1000, '67250.40'], [T0, '67250.50']]);
  await recordTicks(s.deps.db, eth, [[T0 - 1000, '3500.10'], [T0, '3500.20']]);
  s.clock.set(T0 + 500);
});

describe('product/orders since a cursor', () => {
  it('answers each opening and each settlement exactly once, and nothing while nothing changes', async () => {
    const me = await funded();
    const first = await place(me.token);
    const full = await orders(me.token);
    expect(seen(full)).toEqual([`${first.id}:open`]);

    const quiet = await orders(me.token, full.cursor);
    expect(quiet.items).toEqual([]);

    const second = await place(me.token);
    // Another product's order and another member's are not this poll's.
    await place(me.token, eth);
    await place((await funded()).token);
    const opened = await orders(me.token, quiet.cursor);
    expect(seen(opened)).toEqual([`${second.id}:open`]);
    expect(opened.items[0]).toEqual(second);
    expect((await orders(me.token, opened.cursor)).items).toEqual([]);

    await recordTicks(s.deps.db, btc, [[T0 + 30_000, '67300.00'], [T0 + 31_000, '67300.00']]);
    await new SettlementEngine(s.deps.db).settleDue(T0 + 31_000);
    const settled = await orders(me.token, opened.cursor);
    expect(seen(settled).sort()).toEqual([`${first.id}:won`, `${second.id}:won`].sort());
    const after = await orders(me.token, settled.cursor);
    expect(after.items).toEqual([]);
    // An old cursor still answers everything since it: a client that lost an answer asks again and misses nothing.
    expect(seen(await orders(me.token, opened.cursor)).sort()).toEqual(seen(settled).sort());
  });

  it('keeps working across a server restart: the cursor lives in the database, not in the process', async () => {
    const me = await funded();
    await place(me.token);
    const before = await orders(me.token);
    const placedMeanwhile = await place(me.token);

    // A new server process on the same data: the database is saved and opened again, and nothing else is shared.
    const database = s.database.kind === 'pglite' ? await openPglite(undefined, await s.database.dump()) : s.database;
    try {
      const deps = makeDeps(database, { ...loadConfig({ MARKET_FEED: 'false' }) }, new ManualClock(s.clock.now()), true);
      const app = createApp(deps);
      const call: Call = async (path, body = {}, opts = {}) => {
        const res = await app.request(`/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: opts.token ?? '' }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: unknown } };
      };
      const restarted = await orders(me.token, before.cursor, call);
      expect(seen(restarted)).toEqual([`${placedMeanwhile.id}:open`]);
      expect((await orders(me.token, restarted.cursor, call)).items).toEqual([]);
    } finally {
      if (database !== s.database) await database.close();
    }
  });

  // PGlite has one connection, so two transactions cannot overlap there; PostgreSQL (npm test's postgres section) can.
  it.runIf(process.env['DATABASE_URL'] !== undefined)(
    'answers a change that commits after a poll read past it: the next poll has it, once',
    async () => {
      const me = await funded();
      const start = await orders(me.token);
      const { during, late } = await s.deps.db.transaction(async (tx) => {
        const placed = await placeOrder(tx, { userId: me.id, productId: btc.id, direction: 'fall', amount: toCents('10.00'), cycle: 30, now: s.clock.now() }, null);
        // The order is written but not committed: a poll now cannot see it, and must not pass it by.
        return { during: await orders(me.token, start.cursor), late: placed };
      });
      expect(during.items).toEqual([]);
      const next = await orders(me.token, during.cursor);
      expect(seen(next)).toEqual([`${late.id}:open`]);
      expect((await orders(me.token, next.cursor)).items).toEqual([]);
    },
  );

  it('refuses a malformed or foreign cursor as a field error, and changes nothing', async () => {
    const me = await funded();
    const full = await orders(me.token);
    const [xmax] = full.cursor.split(':').slice(1);
    for (const cursor of ['abc', '10:5:', '1:2:3,', `${'9'.repeat(21)}:1:`, '99999999999999999999:99999999999999999999:', `1:${Number(xmax) + 1_000_000}:`, 42, null]) {
      const res = await s.call('product/orders', { id: btc.id, cursor }, { token: me.token });
      expect(res.status, `${String(cursor)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).not.toBe(0);
    }
    expect(seen(await orders(me.token))).toEqual(seen(full));
  });
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Direction } from '../../src/contract/market.ts';
import { rows } from '../db/rows.ts';
import { move } from '../domain/ledger.ts';
import { cents, tradeGain, type Cents } from '../../src/shared/money.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import { loadProducts, type MarketProduct } from './catalog.ts';
import { placeOrder } from './orders.ts';
import { SettlementScheduler } from './scheduler.ts';
import { MarketFeed } from './service.ts';
import { SettlementEngine } from './settlement.ts';
import { serverSecret } from '../secrets.ts';
import { Simulator } from './simulator.ts';
import { recordTicks } from '../testing/market.ts';

const s = useTestServer();
let btc: MarketProduct;

async function fundedMember(amount: Cents): Promise<number> {
  const m = await s.member();
  await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: amount, ref: 'test funding' }));
  return m.id;
}

beforeAll(async () => {
  const found = (await loadProducts(s.deps.db)).find((p) => p.symbol === 'BTCUSDT');
  if (!found) throw new Error('no BTCUSDT');
  btc = found;
});

/**
 * decisions.md, stated here on its own: the right direction pays amount + amount × payout (the gain as the ticket
 * quotes it, tradeGain), the wrong one loses the amount, an equal price returns it.
 */
function expectedOutcome(direction: Direction, open: bigint, settle: bigint, amount: Cents, ppm: bigint): [string, string, string] {
  if (settle === open) return ['draw', String(amount), '0'];
  if ((settle > open) === (direction === 'rise')) return ['won', String(amount + tradeGain(amount, ppm)), String(tradeGain(amount, ppm))];
  return ['lost', '0', String(-amount)];
}

describe('the outcome rule', () => {
  it('decides and pays as decisions.md says, for rise and fall, up, down and equal, at several amounts and rates', async () => {
    const userId = await fundedMember(cents(1n));
    const settleAt = T0 + 60_000;
    // The tick after the settle time raises the watermark past it, and must not decide.
    await recordTicks(s.deps.db, btc, [[settleAt - 1000, '67000.00'], [settleAt + 1000, '1.00']]);
    const cases: { direction: Direction; open: bigint; amount: bigint; ppm: bigint }[] = [];
    for (const direction of ['rise', 'fall'] as const)
      for (const open of [6_699_999n, 6_700_000n, 6_700_001n])
        for (const amount of [1_000n, 1_234_567n, 5_000_000n])
          for (const ppm of [800_000n, 333_333n, 999_999n]) cases.push({ direction, open, amount, ppm });
    for (const c of cases) {
      await s.deps.db.execute(sql`INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, open_tick_time, open_time, settle_time)
        VALUES (${userId}, ${btc.id}, ${c.direction}, ${c.amount}, 0, 30, ${c.ppm}, ${c.open}, ${settleAt - 31_000}, ${settleAt - 30_000}, ${settleAt})`);
    }
    expect(await new SettlementEngine(s.deps.db).settleDue(settleAt)).toBe(cases.length);
    const got = await rows<{ direction: Direction; open_price: string; amount: string; payout_ppm: string; status: string; payout: string; profit: string; settle_price: string }>(
      s.deps.db,
      sql`SELECT direction, open_price::text, amount::text, payout_ppm::text, status, payout::text, profit::text, settle_price::text
          FROM orders WHERE user_id = ${userId} ORDER BY id`,
    );
    expect(got).toHaveLength(cases.length);
    for (const r of got) {
      expect(r.settle_price).toBe('6700000');
      const expected = expectedOutcome(r.direction, BigInt(r.open_price), 6_700_000n, cents(BigInt(r.amount)), BigInt(r.payout_ppm));
      expect([r.status, r.payout, r.profit], JSON.stringify(r)).toEqual(expected);
    }
  });
});

describe('a burst of 1,000 orders due in the same second', () => {
  it('settles each within 100 ms of its settle time by the server clock, at the last tick at or before it, exactly once', async () => {
    const ORDERS = 1_000;
    const db = s.deps.db;
    // A whole second an hour after T0; orders are placed over one second, 30 s before, so they fall due 1 ms apart.
    const due = T0 + 3_600_000;
    const start = due - 35_000;
    const members = await Promise.all(Array.from({ length: 10 }, () => fundedMember(cents(100_000_000n))));

    s.clock.set(start);
    const market = new MarketFeed(db, new Simulator([btc], await serverSecret(db, 'market_seed')));
    await market.resume(start);
    const engine = new SettlementEngine(db);
    const scheduler = new SettlementScheduler(s.clock, engine);
    market.onFinal = (t) => scheduler.watermarkRose(t);
    const unlisten = s.deps.signals.onOrderPlaced((t) => scheduler.orderPlaced(t));

    // Everything below runs on the manual clock's timers; `work` collects what each clock move started.
    const work: Promise<unknown>[] = [];
    // The feed steps 5 ms after each second, as the live loop does (loop.ts).
    const feedStep = () => {
      work.push(market.step(s.clock.now()));
      s.clock.setTimer(feedStep, 1000 - (s.clock.now() % 1000) + 5);
    };
    s.clock.setTimer(feedStep, 5);
    for (let i = 0; i < ORDERS; i++) {
      s.clock.setTimer(() => {
        const placed = db.transaction((tx) =>
          placeOrder(tx, { userId: members[i % members.length] ?? 0, productId: btc.id, direction: i % 2 ? 'rise' : 'fall', amount: cents(10_000n), cycle: 30, now: s.clock.now() }, null),
        );
        work.push(placed.then((o) => s.deps.signals.orderPlaced(o.settleTime)));
      }, due - 30_000 + i - start);
    }
    scheduler.start();
    const end = due + 2_000;
    for (;;) {
      const at = s.clock.nextTimerAt();
      if (at === undefined || at > end) break;
      s.clock.set(at);
      // The clock stands still while the work it started runs: lateness is measured in server-clock terms.
      while (work.length) await Promise.all(work.splice(0));
      await scheduler.idle();
    }
    unlisten();
    await scheduler.stop();

    const settled = await rows<{ settle_time: string; settled_at: string | null; status: string; settle_price: string | null; settle_tick_time: string | null; right_t: string; right_price: string }>(
      db,
      sql`SELECT o.settle_time::text, o.settled_at::text, o.status, o.settle_price::text, o.settle_tick_time::text, k.t::text AS right_t, k.price::text AS right_price
          FROM orders o
          JOIN LATERAL (SELECT t, price FROM ticks WHERE product_id = o.product_id AND t <= o.settle_time ORDER BY t DESC LIMIT 1) k ON true
          WHERE o.settle_time >= ${due} AND o.settle_time < ${due + 1000}`,
    );
    expect(settled).toHaveLength(ORDERS);
    const late = settled.map((o) => Number(o.settled_at) - Number(o.settle_time)).sort((a, b) => a - b);
    console.log(`[measure] ${ORDERS} orders due in one second, lateness by the server clock: min ${late[0]} / p99 ${late[Math.floor(ORDERS * 0.99) - 1]} / max ${late[ORDERS - 1]} ms`);
    expect(settled.every((o) => o.status !== 'open')).toBe(true);
    // Never early, never more than 100 ms late.
    expect(late[0]).toBeGreaterThanOrEqual(0);
    expect(late[ORDERS - 1]).toBeLessThanOrEqual(100);
    // The right price: the last tick at or before each order's own settle time (the tick of its whole second).
    expect(settled.filter((o) => o.settle_price !== o.right_price || o.settle_tick_time !== o.right_t)).toEqual([]);
    expect(new Set(settled.map((o) => o.right_t))).toEqual(new Set([String(due)]));
    // Exactly once: one payout ledger row per won order.
    const [won] = await rows<{ orders: number; payouts: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM orders WHERE settle_time >= ${due} AND settle_time < ${due + 1000} AND status <> 'lost') AS orders,
                 (SELECT count(*)::int FROM ledger WHERE type = 'order_payout' AND ref IN (SELECT order_no FROM orders WHERE settle_time >= ${due} AND settle_time < ${due + 1000})) AS payouts`,
    );
    expect(won?.payouts).toBe(won?.orders);
  }, 180_000);
});

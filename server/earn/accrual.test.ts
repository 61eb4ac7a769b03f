import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS, cycleProfitCents, dailyProfitCents } from '../../src/shared/earnings.ts';
import { rows } from '../db/rows.ts';
import { earnHoldings } from '../db/schema/earn.ts';
import { toCents } from '../../src/shared/money.ts';
import { earnCommands } from '../operator/commands/earn.ts';
import { useTestServer } from '../testing/harness.ts';
import { accrueDue } from './accrual.ts';
import { utcDay } from './days.ts';
import { AccrualService } from './service.ts';
import { available, fund, seededProduct } from '../testing/earn.ts';

const s = useTestServer();
const accrue = earnCommands.find((c) => c.name === 'accrue');

async function buy(path: 'wealth/buy' | 'Defi/orderMoney', token: string, productId: number, amount: string) {
  const r = await s.call(path, { productId, amount }, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number; maturesAt: number; startedAt: number; estimatedProfit: string };
}

const revenueCount = async (holdingId: number) =>
  Number((await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM earn_revenue WHERE holding_id = ${holdingId}`))[0]?.n);
/** Sessions expire after a week of simulated time; log in again as the same member. */
async function login(username: string): Promise<string> {
  const r = await s.call('user/login', { username, password: 'secret123' });
  return (r.body.data as { accessToken: string }).accessToken;
}
const holdingRow = async (id: number) => (await s.deps.db.select().from(earnHoldings).where(eq(earnHoldings.id, id)))[0];
const ledgerOf = (userId: number, type: string) =>
  rows<{ amount: string; ref: string }>(s.deps.db, sql`SELECT amount::text, ref FROM ledger WHERE user_id = ${userId} AND type = ${type} ORDER BY id`);

describe('daily accrual over a whole 30-day cycle', () => {
  it('pays 30 days that match the closed form to the cent, then returns the principal and completes', async () => {
    const m = await s.member();
    await fund(s, m.id, toCents('5000.00'));
    const product = await seededProduct(s, 'wealth', 30);
    const amount = '1234.56';
    const h = await buy('wealth/buy', m.token, product.id, amount);
    expect(await available(s, m.id)).toBe(toCents('5000.00') - toCents(amount));

    // One accrual per simulated day, with the server clock moving along: what the schedule does.
    for (let day = 1; day <= 30; day++) {
      s.clock.set(h.startedAt + day * DAY_MS + 60_000);
      await accrueDue(s.deps.db, s.clock.now(), s.clock.now());
    }

    const principal = toCents(amount);
    const daily = dailyProfitCents(principal, product.dailyRatePpm);
    // 1234.56 × 0.0035 = 4.32096 per day -> 4.32; 30 days -> 129.60
    expect(daily).toBe(432n);
    expect(cycleProfitCents(principal, product.dailyRatePpm, 30)).toBe(12960n);
    expect(h.estimatedProfit).toBe('129.60');
    expect(await available(s, m.id)).toBe(toCents('5000.00') + 12960n);

    const profits = await ledgerOf(m.id, 'wealth_profit');
    expect(profits).toHaveLength(30);
    expect(profits.every((p) => p.amount === '432')).toBe(true);
    expect(await ledgerOf(m.id, 'wealth_principal')).toEqual([{ amount: '123456', ref: `holding:${h.id}:principal` }]);

    const orders = await s.call('wealth/orders', {}, { token: await login(m.username) });
    const [listed] = (orders.body.data as { items: { id: number; status: string; earned: string; endedAt: number | null; redeemable: boolean; revenue: { day: string; profit: string; principal: string }[] }[] }).items;
    expect(listed).toMatchObject({ id: h.id, status: 'complete', earned: '129.60', redeemable: false });
    expect(listed?.endedAt).toBe(s.clock.now());
    expect(listed?.revenue).toHaveLength(30);
    expect(listed?.revenue[0]).toMatchObject({ day: utcDay(h.startedAt + DAY_MS), principal: '1234.56', profit: '4.32' });
    expect(listed?.revenue[29]?.day).toBe(utcDay(h.maturesAt));
    expect(h.maturesAt).toBe(h.startedAt + 30 * DAY_MS);

    // Nothing is due any more, however late it gets.
    s.clock.advance(100 * DAY_MS);
    expect((await accrueDue(s.deps.db, s.clock.now(), s.clock.now())).records).toBe(0);
    expect(await available(s, m.id)).toBe(toCents('5000.00') + 12960n);
  });

  it('pays nothing before a full day has passed', async () => {
    const m = await s.member();
    await fund(s, m.id, toCents('1000'));
    const h = await buy('wealth/buy', m.token, (await seededProduct(s, 'wealth', 7)).id, '500');
    s.clock.set(h.startedAt + DAY_MS - 1);
    await accrueDue(s.deps.db, s.clock.now(), s.clock.now());
    expect((await holdingRow(h.id))?.accruedDays).toBe(0);
    s.clock.set(h.startedAt + DAY_MS);
    await accrueDue(s.deps.db, s.clock.now(), s.clock.now());
    expect((await holdingRow(h.id))?.accruedDays).toBe(1);
  });
});

describe('catch-up and restarts', () => {
  it('catches up each missed day exactly once after downtime, across restarts and repeated runs', async () => {
    const m = await s.member();
    await fund(s, m.id, toCents('10000'));
    const product = await seededProduct(s, 'pledge', 15);
    const h = await buy('Defi/orderMoney', m.token, product.id, '2000');
    const daily = dailyProfitCents(toCents('2000'), product.dailyRatePpm);

    // Day 4 of 15: the first server instance catches up on three missed days.
    s.clock.set(h.startedAt + 3 * DAY_MS + 5_000);
    const first = new AccrualService(s.deps);
    await first.runOnce();
    await first.stop();
    expect(await revenueCount(h.id)).toBe(3);

    // A restart in the middle of the cycle: a new instance, the same moment, and again a little later.
    const second = new AccrualService(s.deps);
    await second.runOnce();
    s.clock.advance(30_000);
    await second.runOnce();
    await second.stop();
    expect(await revenueCount(h.id)).toBe(3);
    expect(await ledgerOf(m.id, 'pledge_profit')).toHaveLength(3);

    // Two runs at once (the schedule and an operator) still pay each day once.
    s.clock.set(h.startedAt + 6 * DAY_MS);
    await Promise.all([accrueDue(s.deps.db, s.clock.now(), s.clock.now()), accrueDue(s.deps.db, s.clock.now(), s.clock.now())]);
    expect(await revenueCount(h.id)).toBe(6);

    const days = await rows<{ day: string; n: number }>(s.deps.db, sql`SELECT day::text, count(*)::int AS n FROM earn_revenue WHERE holding_id = ${h.id} GROUP BY day ORDER BY day`);
    expect(days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6].map((k) => utcDay(h.startedAt + k * DAY_MS)));
    expect(days.every((d) => d.n === 1)).toBe(true);
    expect(await ledgerOf(m.id, 'pledge_profit')).toHaveLength(6);
    expect(await available(s, m.id)).toBe(toCents('8000') + 6n * daily);
  });

  it('the database refuses a second record for the same holding and day', async () => {
    const [r] = await rows<{ holding_id: number }>(s.deps.db, sql`SELECT holding_id FROM earn_revenue LIMIT 1`);
    expect(r).toBeDefined();
    await expect(
      s.deps.db.execute(sql`INSERT INTO earn_revenue (holding_id, day, day_index, principal, profit)
                            SELECT holding_id, day, day_index + 1000, principal, profit FROM earn_revenue WHERE holding_id = ${r?.holding_id} LIMIT 1`),
    ).rejects.toThrow();
  });
});

describe('operator: accrue --date', () => {
  it('runs every due day up to and including the date, and repeating it pays nothing more', async () => {
    if (!accrue) throw new Error('accrue command missing');
    const m = await s.member();
    await fund(s, m.id, toCents('1000'));
    const product = await seededProduct(s, 'wealth', 7);
    const h = await buy('wealth/buy', m.token, product.id, '1000');
    const day3 = utcDay(h.startedAt + 3 * DAY_MS);

    const out = await accrue.run(s.deps, ['--date', day3]);
    expect(out).toMatch(/^Accrued through .*T23:59:59.999Z: \d+ daily profits/);
    expect(out).toContain('paid ahead of time'); // the manual clock is still on the day of purchase
    expect(await revenueCount(h.id)).toBe(3);
    expect(await accrue.run(s.deps, ['--date', day3])).toContain(': 0 daily profits');
    expect((await holdingRow(h.id))?.accruedDays).toBe(3);

    // Through the last day: the final profit and the principal, once.
    await accrue.run(s.deps, ['--date', utcDay(h.maturesAt)]);
    await accrue.run(s.deps, ['--date', utcDay(h.maturesAt + 5 * DAY_MS)]);
    expect(await revenueCount(h.id)).toBe(7);
    expect((await holdingRow(h.id))?.status).toBe('complete');
    expect(await ledgerOf(m.id, 'wealth_principal')).toHaveLength(1);
    const daily = dailyProfitCents(toCents('1000'), product.dailyRatePpm);
    expect(await available(s, m.id)).toBe(toCents('1000') + 7n * daily);
  });

  it.each([['--date', '2026-02-30'], ['--date', '26-1-1'], ['--date'], ['--when', '2026-01-01'], ['2026-01-01']])('refuses %j as a usage error', async (...args) => {
    if (!accrue) throw new Error('accrue command missing');
    await expect(accrue.run(s.deps, args)).rejects.toThrow();
  });
});

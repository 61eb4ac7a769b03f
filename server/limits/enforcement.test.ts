// order/create keeps to the limits a member set on their own trading, in its one statement; a break also refuses
// money in, never money out.
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOOSER_AFTER_MS } from '../../src/contract/limits.ts';
import { fromCents } from '../../src/shared/money.ts';
import { rows } from '../db/rows.ts';
import { balanceOf } from '../domain/ledger.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import { limitsOf, setLimits, tradingDesk } from '../testing/limits.ts';
import { balances, readyMember, withdrawal } from '../testing/money.ts';

const s = useTestServer();
const desk = tradingDesk(s);
const available = async (userId: number) => fromCents((await balanceOf(s.deps.db, userId)).available);
const orderCount = async (userId: number) => Number((await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`))[0]?.n);

/** The order is refused for `key`, and nothing of it happened. */
async function refused(m: { token: string; id: number }, amount: string, key: string) {
  const before = [await available(m.id), await orderCount(m.id)];
  const r = await desk.order(m.token, amount);
  expect([r.status, r.body.msg]).toEqual([400, key]);
  expect([await available(m.id), await orderCount(m.id)]).toEqual(before);
}

describe('a turnover limit', () => {
  it('counts the stakes of the day, this order included; lowering it applies to the next order', async () => {
    s.clock.set(T0);
    const m = await desk.funded('1000');
    await setLimits(s, m.token, { turnoverLimit: '200' });
    await desk.placed(m.token, '100');
    await desk.placed(m.token, '50');
    await setLimits(s, m.token, { turnoverLimit: '150' });
    await refused(m, '10', 'error.limit_turnover');
    expect(await available(m.id)).toBe('849.70');
    expect((await limitsOf(s, m.token)).today).toMatchObject({ turnover: '150.00', open: '150.30', loss: '150.30', firstTradeAt: T0 });
  });
});

describe('a loss limit', () => {
  it('counts stakes and fees with open orders as lost, less what settled orders paid back', async () => {
    s.clock.set(T0);
    const m = await desk.funded('1000');
    await setLimits(s, m.token, { lossLimit: '150' });
    const first = await desk.placed(m.token, '100');
    // 100.20 at risk and 50.10 more: past 150
    await refused(m, '50', 'error.limit_loss');
    // The first order wins 180.00: the day is 79.80 ahead, and 100.20 more leaves a loss of 20.40.
    await desk.settle(first, '67300.00');
    s.clock.set(first.settleTime + 1000);
    await desk.placed(m.token, '100');
    expect((await limitsOf(s, m.token)).today).toEqual({ day: '2026-11-02', turnover: '200.00', net: '79.80', open: '100.20', loss: '20.40', firstTradeAt: T0 });
    await desk.placed(m.token, '129');
    // 20.40 + 129.26 = 149.66; 10.02 more is past 150.
    await refused(m, '10', 'error.limit_loss');
  });

  it('set later in the day, it counts the orders placed before it and what they paid back', async () => {
    s.clock.set(T0);
    const m = await desk.funded('1000');
    const won = await desk.placed(m.token, '100');
    await desk.settle(won, '67300.00');
    s.clock.set(won.settleTime + 1000);
    await desk.placed(m.token, '100');
    const set = await setLimits(s, m.token, { lossLimit: '50', turnoverLimit: '250' });
    expect(set.today).toMatchObject({ turnover: '200.00', loss: '20.40' });
    // 20.40 + 30.06 is past 50; 20.40 + 29.06 is not.
    await refused(m, '30', 'error.limit_loss');
    await desk.placed(m.token, '29');
    // Turnover 229 + 25 is past 250.
    await refused(m, '25', 'error.limit_turnover');
  });
});

describe('a raise or a removal', () => {
  it('changes nothing before 24 hours and applies after', async () => {
    s.clock.set(T0);
    const m = await desk.funded('2000');
    await setLimits(s, m.token, { turnoverLimit: '100', lossLimit: '100' });
    await setLimits(s, m.token, { turnoverLimit: '500', lossLimit: null });
    // The next day already (midnight UTC has passed: the day's counters start again), but both changes still wait.
    s.clock.set(T0 + LOOSER_AFTER_MS - 1);
    await refused(m, '400', 'error.limit_turnover');
    // Now the turnover limit is 500 and the loss limit (400.80 would pass 100) is gone.
    s.clock.set(T0 + LOOSER_AFTER_MS);
    await desk.placed(m.token, '400');
    await refused(m, '101', 'error.limit_turnover');
    await desk.placed(m.token, '100');
  });
});

describe('the day', () => {
  it('starts again at midnight in the member zone', async () => {
    s.clock.set(T0); // 21:30 in Ho Chi Minh City (UTC+7)
    const m = await desk.funded('1000');
    await setLimits(s, m.token, { turnoverLimit: '100', timeZone: 'Asia/Ho_Chi_Minh' });
    await desk.placed(m.token, '100');
    s.clock.set(Date.UTC(2026, 10, 2, 16, 59, 59, 999));
    await refused(m, '10', 'error.limit_turnover');
    s.clock.set(Date.UTC(2026, 10, 2, 17));
    await desk.placed(m.token, '100');
    await refused(m, '10', 'error.limit_turnover');
    expect((await limitsOf(s, m.token)).today).toMatchObject({ day: '2026-11-03', turnover: '100.00', firstTradeAt: Date.UTC(2026, 10, 2, 17) });
  });
});

describe('a break', () => {
  const key = () => ({ 'idempotency-key': `k-${randomUUID()}` });

  it('refuses orders and deposits, never a withdrawal; after it, all of them work', async () => {
    s.clock.set(T0);
    const m = await readyMember(s, '500.00');
    await setLimits(s, m.token, { break: { kind: 'days', days: 1 } });
    await refused(m, '10', 'error.limit_break');
    const deposit = await s.call('user/deposit', { method: 'bank', amount: '100', reference: 'VCB-1' }, { token: m.token, headers: key() });
    expect([deposit.status, deposit.body.msg]).toEqual([400, 'error.limit_break']);
    const address = await s.call('wallet/getRechargeAddress', { method: 'trc20' }, { token: m.token });
    expect([address.status, address.body.msg]).toEqual([400, 'error.limit_break']);
    const out = await s.call('wallet/bankWithdrawal', withdrawal('200.00'), { token: m.token, headers: key() });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((await balances(s, m.token)).requests.map((r) => r.kind)).toEqual(['withdrawal']);

    s.clock.set(T0 + 24 * 60 * 60 * 1000);
    await desk.placed(m.token, '10');
    const later = await s.call('user/deposit', { method: 'bank', amount: '100', reference: 'VCB-2' }, { token: m.token, headers: key() });
    expect(later.status).toBe(200);
  });

  it('comes before the other limits and the market hours', async () => {
    s.clock.set(T0);
    const m = await desk.funded('100');
    await setLimits(s, m.token, { turnoverLimit: '10', break: { kind: 'days', days: 7 } });
    await refused(m, '50', 'error.limit_break');
  });
});

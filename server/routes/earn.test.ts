import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, dailyProfitCents, estimateEarnings } from '../../src/shared/earnings.ts';
import { rows } from '../db/rows.ts';
import { earnProducts } from '../db/schema/earn.ts';
import { users } from '../db/schema/core.ts';
import { toCents, type Cents } from '../../src/shared/money.ts';
import { accrueDue } from '../earn/accrual.ts';
import { available, fund, moneyState, seededProduct, setPayPassword } from '../testing/earn.ts';
import { useTestServer } from '../testing/harness.ts';

const s = useTestServer();
type Product = { id: number; family: string; name: string; currency: string; pledgeCurrency: string | null; dailyRate: string; cycleDays: number; minAmount: string; maxAmount: string; onSale: boolean };
type Holding = { id: number; status: string; principal: string; earned: string; estimatedProfit: string; redeemable: boolean; startedAt: number; revenue: unknown[] };

let wealth7: number;
let pledge15: number;
beforeAll(async () => {
  wealth7 = (await seededProduct(s, 'wealth', 7)).id;
  pledge15 = (await seededProduct(s, 'pledge', 15)).id;
});

async function funded(amount: Cents) {
  const m = await s.member();
  await fund(s, m.id, amount);
  return m;
}

describe('products', () => {
  it('lists wealth products and pledges on sale, in the member language, with the account currency', async () => {
    const m = await s.member();
    const all = (await s.call('wealth/getList', {}, { token: m.token })).body.data as { items: Product[] };
    expect(all.items.filter((p) => p.family === 'wealth')).toHaveLength(3);
    const pledges = ((await s.call('wealth/getList', { family: 'pledge' }, { token: m.token })).body.data as { items: Product[] }).items;
    expect(pledges.map((p) => p.pledgeCurrency)).toEqual(['USDT', 'ETH', 'BTC']);
    expect(pledges.every((p) => p.currency === 'USDT' && p.family === 'pledge')).toBe(true);
    const zn = (await s.call('wealth/getList', { family: 'wealth' }, { token: m.token, headers: { 'accept-language': 'zn' } })).body.data as { items: Product[] };
    expect(zn.items[0]).toMatchObject({ name: '稳健7天', dailyRate: '0.002', cycleDays: 7, minAmount: '100.00', pledgeCurrency: null });
  });

  it('answers details with a description, and 404 product_unknown for a missing id', async () => {
    const m = await s.member();
    const d = await s.call('wealth/details', undefined, { token: m.token, method: 'GET', query: `?id=${pledge15}` });
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ id: pledge15, family: 'pledge', pledgeCurrency: 'USDT', cycleDays: 15 });
    expect((d.body.data as { description: string }).description).toContain('account currency');
    const missing = await s.call('wealth/details', undefined, { token: m.token, method: 'GET', query: '?id=999999' });
    expect([missing.status, missing.body.msg]).toEqual([404, 'error.product_unknown']);
    const bad = await s.call('wealth/details', undefined, { token: m.token, method: 'GET', query: '?id=abc' });
    expect([bad.status, bad.body.msg]).toEqual([400, 'error.validation']);
  });

  it('needs a session', async () => {
    expect((await s.call('wealth/getList')).status).toBe(401);
    expect((await s.call('wealth/buy', { productId: wealth7, amount: '100' })).status).toBe(401);
  });
});

describe('buying', () => {
  it('moves the principal into an earning holding whose estimate is the shared function', async () => {
    const m = await funded(toCents('1000'));
    const r = await s.call('wealth/buy', { productId: wealth7, amount: '250.50' }, { token: m.token });
    expect(r.status).toBe(200);
    const h = r.body.data as Holding;
    const estimate = estimateEarnings({ amount: '250.50', dailyRate: '0.002', cycleDays: 7 });
    expect(h).toMatchObject({ status: 'earning', principal: '250.50', earned: '0.00', redeemable: true, estimatedProfit: estimate?.totalProfit, revenue: [] });
    expect(await available(s, m.id)).toBe(toCents('749.50'));
    const [entry] = await rows<{ type: string; amount: string; ref: string }>(s.deps.db, sql`SELECT type, amount::text, ref FROM ledger WHERE user_id = ${m.id} AND type = 'wealth_buy'`);
    expect(entry).toEqual({ type: 'wealth_buy', amount: '-25050', ref: `holding:${h.id}` });
  });

  it('creates a pledge with Defi/orderMoney and lists it in Defi/myOrder, not in wealth/orders', async () => {
    const m = await funded(toCents('500'));
    const r = await s.call('Defi/orderMoney', { productId: pledge15, amount: '300', Authorization: '' }, { token: m.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ family: 'pledge', pledgeCurrency: 'USDT', redeemable: false, status: 'earning' });
    const mine = (await s.call('Defi/myOrder', { Authorization: '' }, { token: m.token })).body.data as { items: Holding[] };
    expect(mine.items.map((h) => h.id)).toEqual([(r.body.data as Holding).id]);
    expect(((await s.call('wealth/orders', {}, { token: m.token })).body.data as { items: Holding[] }).items).toEqual([]);
    const [entry] = await rows<{ type: string }>(s.deps.db, sql`SELECT type FROM ledger WHERE user_id = ${m.id} AND type LIKE 'pledge%'`);
    expect(entry?.type).toBe('pledge_buy');
  });

  it('a retry with the same Idempotency-Key buys once and answers the first result', async () => {
    const m = await funded(toCents('1000'));
    const headers = { 'idempotency-key': 'buy-once-123456' };
    const a = await s.call('wealth/buy', { productId: wealth7, amount: '400' }, { token: m.token, headers });
    const b = await s.call('wealth/buy', { productId: wealth7, amount: '400' }, { token: m.token, headers });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(await available(s, m.id)).toBe(toCents('600'));
    const other = await s.call('wealth/buy', { productId: wealth7, amount: '401' }, { token: m.token, headers });
    expect([other.status, other.body.msg]).toEqual([422, 'error.idempotency_conflict']);
  });
});

describe('bad input is refused with a translated error and changes nothing', () => {
  it.each([
    ['below the minimum', () => ({ productId: wealth7, amount: '99.99' }), 400, 'error.below_minimum'],
    ['above the maximum', () => ({ productId: wealth7, amount: '50000.01' }), 400, 'error.above_maximum'],
    ['above the balance', () => ({ productId: wealth7, amount: '1000.01' }), 409, 'error.insufficient_balance'],
    ['an unknown product', () => ({ productId: 999_999, amount: '100' }), 404, 'error.product_unknown'],
    ['a pledge bought as wealth', () => ({ productId: pledge15, amount: '100' }), 404, 'error.product_unknown'],
    ['a malformed amount', () => ({ productId: wealth7, amount: '1e3' }), 400, 'error.validation'],
    ['a negative amount', () => ({ productId: wealth7, amount: '-100' }), 400, 'error.validation'],
    ['a float amount', () => ({ productId: wealth7, amount: 100.5 }), 400, 'error.validation'],
    ['three decimals', () => ({ productId: wealth7, amount: '100.001' }), 400, 'error.validation'],
    ['a missing product', () => ({ amount: '100' }), 400, 'error.validation'],
    ['a string product id', () => ({ productId: '1', amount: '100' }), 400, 'error.validation'],
    ['a huge product id', () => ({ productId: 2 ** 40, amount: '100' }), 400, 'error.validation'],
    ['a non-blank Authorization field', () => ({ productId: wealth7, amount: '100', Authorization: 'Bearer x' }), 400, 'error.validation'],
  ])('%s', async (_name, body, status, key) => {
    const m = await funded(toCents('1000'));
    const before = await moneyState(s);
    const r = await s.call('wealth/buy', body(), { token: m.token, headers: { 'idempotency-key': `bad-${Math.random().toString(36).slice(2, 12)}` } });
    expect([r.status, r.body.msg]).toEqual([status, key]);
    expect(await moneyState(s)).toEqual(before);
    expect(await available(s, m.id)).toBe(toCents('1000'));
  });

  it('a product no longer on sale', async () => {
    const m = await funded(toCents('1000'));
    await s.deps.db.update(earnProducts).set({ onSale: false }).where(eq(earnProducts.id, pledge15));
    try {
      const before = await moneyState(s);
      const r = await s.call('Defi/orderMoney', { productId: pledge15, amount: '100' }, { token: m.token });
      expect([r.status, r.body.msg]).toEqual([400, 'error.not_on_sale']);
      expect(await moneyState(s)).toEqual(before);
      const listed = (await s.call('wealth/getList', { family: 'pledge' }, { token: m.token })).body.data as { items: Product[] };
      expect(listed.items.map((p) => p.id)).not.toContain(pledge15);
    } finally {
      await s.deps.db.update(earnProducts).set({ onSale: true }).where(eq(earnProducts.id, pledge15));
    }
  });

  it('malformed JSON and a wrong family filter', async () => {
    const m = await s.member();
    const r = await s.call('wealth/buy', undefined, { token: m.token, raw: '{"productId": 1, "amount": ' });
    expect([r.status, r.body.msg]).toEqual([400, 'error.bad_json']);
    const f = await s.call('wealth/getList', { family: 'stocks' }, { token: m.token });
    expect([f.status, f.body.msg]).toEqual([400, 'error.validation']);
  });
});

describe('early redemption (wealth/submit)', () => {
  it('counts wrong transaction passwords outside the transaction and locks after five', async () => {
    const m = await funded(toCents('1000'));
    await setPayPassword(s, m.id, '246802');
    const h = (await s.call('wealth/buy', { productId: wealth7, amount: '500' }, { token: m.token })).body.data as Holding;
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await s.call('wealth/submit', { holdingId: h.id, payPassword: '999999' }, { token: m.token })).body.msg);
    expect(answers).toEqual([...Array(4).fill('error.pay_password_wrong'), 'error.pay_password_locked']);
    const right = await s.call('wealth/submit', { holdingId: h.id, payPassword: '246802' }, { token: m.token });
    expect([right.status, right.body.msg]).toEqual([423, 'error.pay_password_locked']);
    expect(await available(s, m.id)).toBe(toCents('500'));
    s.clock.advance(15 * 60_000 + 1);
    const later = await s.call('wealth/submit', { holdingId: h.id, payPassword: '246802' }, { token: m.token });
    expect(later.body.data).toMatchObject({ status: 'redeemed' });
    expect(await available(s, m.id)).toBe(toCents('1000'));
  });

  it('returns the principal, keeps profit already paid, and forfeits the remaining days', async () => {
    const m = await funded(toCents('1000'));
    await setPayPassword(s, m.id, '135790');
    const product = await seededProduct(s, 'wealth', 7);
    const h = (await s.call('wealth/buy', { productId: product.id, amount: '1000' }, { token: m.token })).body.data as Holding;
    const daily = dailyProfitCents(toCents('1000'), product.dailyRatePpm);

    // Two full days paid by the schedule; the third day has not ended when the member redeems.
    s.clock.set(h.startedAt + 2 * DAY_MS + 3_600_000);
    await accrueDue(s.deps.db, s.clock.now(), s.clock.now());
    const r = await s.call('wealth/submit', { holdingId: h.id, payPassword: '135790' }, { token: m.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id: h.id, status: 'redeemed', earned: '4.00', redeemable: false, endedAt: s.clock.now() });
    expect(await available(s, m.id)).toBe(toCents('1000') + 2n * daily);

    // Nothing more is ever paid on it.
    s.clock.advance(30 * DAY_MS);
    await accrueDue(s.deps.db, s.clock.now(), s.clock.now());
    expect(await available(s, m.id)).toBe(toCents('1000') + 2n * daily);
  });

  it('pays days that ended but the schedule had not reached yet, before redeeming', async () => {
    const m = await funded(toCents('1000'));
    await setPayPassword(s, m.id, '135790');
    const h = (await s.call('wealth/buy', { productId: wealth7, amount: '500' }, { token: m.token })).body.data as Holding;
    s.clock.set(h.startedAt + 3 * DAY_MS + 10);
    const r = await s.call('wealth/submit', { holdingId: h.id, payPassword: '135790' }, { token: m.token });
    expect(r.body.data).toMatchObject({ status: 'redeemed', earned: '3.00' });
    expect((r.body.data as Holding).revenue).toHaveLength(3);
    expect(await available(s, m.id)).toBe(toCents('1003'));
  });

  it('refuses a wrong, unset or malformed password, a pledge, another member’s holding, and a second redemption', async () => {
    const owner = await funded(toCents('2000'));
    const other = await funded(toCents('10'));
    await setPayPassword(s, owner.id, '111111');
    await setPayPassword(s, other.id, '222222');
    const w = (await s.call('wealth/buy', { productId: wealth7, amount: '500' }, { token: owner.token })).body.data as Holding;
    const p = (await s.call('Defi/orderMoney', { productId: pledge15, amount: '500' }, { token: owner.token })).body.data as Holding;
    const unset = await s.member();

    const cases: [token: string, body: unknown, status: number, key: string][] = [
      [owner.token, { holdingId: w.id, payPassword: '000000' }, 400, 'error.pay_password_wrong'],
      [owner.token, { holdingId: w.id, payPassword: '12345' }, 400, 'error.validation'],
      [owner.token, { holdingId: w.id }, 400, 'error.validation'],
      [unset.token, { holdingId: w.id, payPassword: '123456' }, 400, 'error.pay_password_unset'],
      [owner.token, { holdingId: p.id, payPassword: '111111' }, 400, 'error.not_redeemable'],
      [other.token, { holdingId: w.id, payPassword: '222222' }, 404, 'error.not_found'],
      [owner.token, { holdingId: 999_999, payPassword: '111111' }, 404, 'error.not_found'],
    ];
    for (const [token, body, status, key] of cases) {
      const before = await moneyState(s);
      const r = await s.call('wealth/submit', body, { token });
      expect([r.status, r.body.msg], JSON.stringify(body)).toEqual([status, key]);
      expect(await moneyState(s)).toEqual(before);
    }

    await s.deps.db.update(users).set({ payPasswordLockedUntil: new Date(s.clock.now() + 60_000) }).where(eq(users.id, owner.id));
    const locked = await s.call('wealth/submit', { holdingId: w.id, payPassword: '111111' }, { token: owner.token });
    expect([locked.status, locked.body.msg]).toEqual([423, 'error.pay_password_locked']);
    await s.deps.db.update(users).set({ payPasswordLockedUntil: null }).where(eq(users.id, owner.id));

    expect((await s.call('wealth/submit', { holdingId: w.id, payPassword: '111111' }, { token: owner.token })).status).toBe(200);
    const again = await s.call('wealth/submit', { holdingId: w.id, payPassword: '111111' }, { token: owner.token });
    expect([again.status, again.body.msg]).toEqual([400, 'error.not_redeemable']);
    expect(await available(s, owner.id)).toBe(toCents('1500'));
  });
});

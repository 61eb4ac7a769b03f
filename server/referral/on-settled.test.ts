import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { move } from '../domain/ledger.ts';
import { mulRateFloor, toCents, toPpm } from '../domain/money.ts';
import { REFERRAL_RATES } from '../domain/referral-rates.ts';
import { loadProducts } from '../market/catalog.ts';
import { placeOrder } from '../market/orders.ts';
import { SettlementEngine } from '../market/settlement.ts';
import { recordTicks } from '../market/testing.ts';
import { useTestServer } from '../testing/harness.ts';
import { payCashbackOnSettled } from './on-settled.ts';

const s = useTestServer();

/** The hook wired the way server/services.ts wires it, driven by the real settlement engine. */
describe('cashback from the settlement hook', () => {
  it('pays the inviters of a settled order once, in the settlement transaction', async () => {
    const inviteCode = async (token: string) => ((await s.call('user/details', {}, { token })).body.data as { inviteCode: string }).inviteCode;
    const grand = await s.member();
    const parent = await s.member({ inviteCode: await inviteCode(grand.token) });
    const trader = await s.member({ inviteCode: await inviteCode(parent.token) });
    await s.deps.db.transaction((tx) => move(tx, { userId: trader.id, type: 'adjust', available: toCents('1000'), ref: 'test funding' }));

    const product = (await loadProducts(s.deps.db)).find((p) => p.session === 'always');
    const cycle = product?.cycles[0];
    if (!product || !cycle) throw new Error('no round-the-clock product with a cycle in the catalogue');
    const now = s.clock.now();
    const settleAt = now + cycle.seconds * 1000;
    await recordTicks(s.deps.db, product, [[now - 1000, '100'], [settleAt, '101']]);
    const amount = product.minAmount > toCents('100') ? product.minAmount : toCents('100');
    const order = await s.deps.db.transaction((tx) => placeOrder(tx, { userId: trader.id, product, direction: 'rise', amount, cycle: cycle.seconds, now }));

    const engine = new SettlementEngine(s.deps.db);
    engine.onSettled(payCashbackOnSettled);
    expect(await engine.settleDue(settleAt + 10_000)).toBe(1);
    expect(await engine.settleDue(settleAt + 20_000)).toBe(0);

    const [{ fee } = { fee: '0' }] = await rows<{ fee: string }>(s.deps.db, sql`SELECT fee::text FROM orders WHERE user_id = ${trader.id}`);
    expect(BigInt(fee)).toBeGreaterThan(0n);
    const paid = await rows<{ beneficiary_id: number; generation: number; amount: string; order_id: string }>(
      s.deps.db,
      sql`SELECT beneficiary_id, generation, amount::text, order_id::text FROM referral_cashback WHERE source_user_id = ${trader.id} ORDER BY generation`,
    );
    const expected = (g: number) => mulRateFloor(BigInt(fee), toPpm(REFERRAL_RATES[g - 1] ?? '0')).toString();
    // parent, grandparent, then the demo member who invited the grandparent; the demo member has no inviter.
    expect(paid.slice(0, 2).map((p) => [p.beneficiary_id, p.generation, p.amount])).toEqual([
      [parent.id, 1, expected(1)],
      [grand.id, 2, expected(2)],
    ]);
    expect(paid.length).toBeLessThanOrEqual(3);
    expect(new Set(paid.map((p) => p.order_id))).toEqual(new Set([String(Number(order.id))]));
  });
});

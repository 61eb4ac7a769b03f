// order/create takes the member's session and the product's terms from what this instance last found, and its one
// statement confirms both: a session revoked or terms changed elsewhere (another instance, the operator tool, a
// statement straight into the database) are honoured by the very next order, never the remembered copy.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/market.ts';
import { fromCents, toCents } from '../../src/shared/money.ts';
import { balanceOf, move } from '../domain/ledger.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { countRows, recordTicks } from '../testing/market.ts';
import { T0, useTestServer } from '../testing/harness.ts';

const s = useTestServer();
let btc: MarketProduct;

async function funded(amount: string) {
  const m = await s.member();
  await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: toCents(amount), ref: 'test funding' }));
  return m;
}
const create = (token: string, body: Record<string, unknown> = {}) =>
  s.call('order/create', { productId: btc.id, direction: 'rise', amount: '100.00', cycle: 30, ...body }, { token });
const available = async (userId: number) => fromCents((await balanceOf(s.deps.db, userId)).available);

beforeAll(async () => {
  const found = (await loadProducts(s.deps.db)).find((p) => p.symbol === 'BTCUSDT');
  if (!found) throw new Error('no BTCUSDT');
  btc = found;
  await recordTicks(s.deps.db, btc, [[T0, '67250.50']]);
  s.clock.set(T0 + 500);
});

describe('order/create confirms what it remembers', () => {
  it('a session revoked behind its back places nothing more: 401, no order, no debit', async () => {
    const m = await funded('500.00');
    expect((await create(m.token)).status).toBe(200);
    // As another instance's logout would: straight in the database, this instance told nothing.
    await s.deps.db.execute(sql`DELETE FROM sessions WHERE user_id = ${m.id}`);
    const orders = await countRows(s.deps.db, 'orders');
    const r = await create(m.token);
    expect([r.status, r.body.msg]).toEqual([401, 'error.unauthorized']);
    expect(await countRows(s.deps.db, 'orders')).toBe(orders);
    expect(await available(m.id)).toBe('399.80');
  });

  it('an expired session places nothing, by the server clock', async () => {
    const m = await funded('500.00');
    expect((await create(m.token)).status).toBe(200);
    await s.deps.db.execute(sql`UPDATE sessions SET expires_at = timestamptz 'epoch' + ${T0 + 400}::int8 * interval '1 millisecond' WHERE user_id = ${m.id}`);
    expect((await create(m.token)).status).toBe(401);
    expect(await available(m.id)).toBe('399.80');
  });

  it('changed terms take effect at the next order: the new fee, the new payout, the new limits both ways', async () => {
    const m = await funded('1000.00');
    const first = (await create(m.token)).body.data as Order;
    expect([first.fee, first.payoutRate]).toEqual(['0.20', '0.8']);
    await s.deps.db.execute(sql`UPDATE products SET fee_ppm = 5000 WHERE id = ${btc.id}`);
    await s.deps.db.execute(sql`UPDATE product_cycles SET payout_ppm = 750000 WHERE product_id = ${btc.id} AND seconds = 30`);
    const second = await create(m.token);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect([(second.body.data as Order).fee, (second.body.data as Order).payoutRate]).toEqual(['0.50', '0.75']);
    expect(await available(m.id)).toBe('799.30');
    // A minimum raised refuses what the remembered terms allowed; one lowered allows what they refused.
    await s.deps.db.execute(sql`UPDATE products SET min_amount = 20000 WHERE id = ${btc.id}`);
    expect((await create(m.token)).body.msg).toBe('error.below_minimum');
    await s.deps.db.execute(sql`UPDATE products SET min_amount = 100 WHERE id = ${btc.id}`);
    const small = await create(m.token, { amount: '5.00' });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    // A cycle added is offered at once.
    await s.deps.db.execute(sql`INSERT INTO product_cycles (product_id, seconds, payout_ppm) VALUES (${btc.id}, 45, 700000)`);
    const added = await create(m.token, { cycle: 45 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((added.body.data as Order).payoutRate).toBe('0.7');
  });
});

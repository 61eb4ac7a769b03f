import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { cents } from '../../src/shared/money.ts';
import { balanceOf, move } from '../domain/ledger.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import type { MarketProduct } from './catalog.ts';
import { SettlementEngine } from './settlement.ts';
import { btcTickedAround } from '../testing/market.ts';

// The payouts are credited by the settling statement itself (ledger-credits.ts): the same ledger rules as
// creditMany, checked here on what that statement writes.
const s = useTestServer();
let btc: MarketProduct;
const settleAt = T0 + 60_000;

beforeAll(async () => {
  // 67000.00 decides: a rise opened at 66000.00 wins.
  btc = await btcTickedAround(s.deps.db, settleAt);
});

async function dueOrder(userId: number, amount: bigint): Promise<number> {
  const [r] = await rows<{ id: number }>(
    s.deps.db,
    sql`INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, open_tick_time, open_time, settle_time)
        VALUES (${userId}, ${btc.id}, 'rise', ${amount}, 0, 30, 800000, 6600000, ${settleAt - 31_000}, ${settleAt - 30_000}, ${settleAt}) RETURNING id`,
  );
  if (!r) throw new Error('no order');
  return Number(r.id);
}

const entries = (userId: number) =>
  rows<{ type: string; amount: string; available_delta: string; balance_after: string; ref: string; at: string }>(
    s.deps.db,
    sql`SELECT type, amount::text, available_delta::text, balance_after::text, ref, (extract(epoch FROM created_at) * 1000)::int8::text AS at
        FROM ledger WHERE user_id = ${userId} AND type = 'order_payout' ORDER BY id`,
  );

describe('payouts written by the settling statement', () => {
  it('one entry per won order, in order id order, with the running balance including frozen funds, dated at settlement', async () => {
    const a = await s.member();
    const b = await s.member();
    await s.deps.db.transaction((tx) => move(tx, { userId: a.id, type: 'adjust', available: cents(1_000n), ref: 'seed' }));
    await s.deps.db.transaction((tx) => move(tx, { userId: a.id, type: 'withdraw_freeze', available: cents(-300n), frozen: cents(300n) }));
    const ids = [await dueOrder(a.id, 100n), await dueOrder(b.id, 1_000n), await dueOrder(a.id, 10n), await dueOrder(a.id, 1n)];
    const now = settleAt + 5;
    expect(await new SettlementEngine(s.deps.db).settleDue(now)).toBeGreaterThanOrEqual(ids.length);
    // 80 % on top of the stake, rounded down: 100 → 180, 10 → 18, 1 → 1.
    const orderNo = (id: number) => `CW${String(id).padStart(10, '0')}`;
    expect((await entries(a.id)).map((e) => [e.amount, e.available_delta, e.balance_after, e.ref, e.at])).toEqual([
      ['180', '180', '1180', orderNo(ids[0] ?? 0), String(now)],
      ['18', '18', '1198', orderNo(ids[2] ?? 0), String(now)],
      ['1', '1', '1199', orderNo(ids[3] ?? 0), String(now)],
    ]);
    expect(await balanceOf(s.deps.db, a.id)).toMatchObject({ available: 899n, frozen: 300n });
    expect((await entries(b.id)).map((e) => [e.amount, e.balance_after])).toEqual([['1800', '1800']]);
  });

  it('a payout to a member without an account fails the whole batch: no order settles, no balance or ledger entry changes', async () => {
    const a = await s.member();
    const [ghost] = await rows<{ id: number }>(
      s.deps.db,
      sql`INSERT INTO users (username, phone, password_hash, invite_code) VALUES ('noaccount', '13900000000', 'x', 'NOACCT') RETURNING id`,
    );
    const mine = await dueOrder(a.id, 100n);
    const theirs = await dueOrder(Number(ghost?.id), 100n);
    await expect(new SettlementEngine(s.deps.db).settleDue(settleAt + 5)).rejects.toThrow(/no account/);
    const status = await rows<{ id: number; status: string }>(s.deps.db, sql`SELECT id, status FROM orders WHERE id IN (${mine}, ${theirs}) ORDER BY id`);
    expect(status.map((r) => r.status)).toEqual(['open', 'open']);
    expect(await entries(a.id)).toEqual([]);
    expect(await balanceOf(s.deps.db, a.id)).toMatchObject({ available: 0n });
    // Both stay due; they may not block later tests' settlement.
    await s.deps.db.execute(sql`INSERT INTO accounts (user_id) VALUES (${Number(ghost?.id)})`);
    await new SettlementEngine(s.deps.db).settleDue(settleAt + 5);
    expect((await entries(a.id)).map((e) => e.amount)).toEqual(['180']);
  });
});

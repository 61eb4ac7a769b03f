import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import type { MarketProduct } from './catalog.ts';
import { SettlementEngine } from './settlement.ts';
import { btcTickedAround } from '../testing/market.ts';

// The database itself keeps outcomes honest (migration 0010): an order changes once, from open to its result,
// in its settlement columns only, and is never deleted, whoever holds a connection.
const s = useTestServer();
let btc: MarketProduct;
const settleAt = T0 + 60_000;

beforeAll(async () => {
  btc = await btcTickedAround(s.deps.db, settleAt);
});

async function openOrder(): Promise<number> {
  const m = await s.member();
  const [r] = await rows<{ id: number }>(
    s.deps.db,
    sql`INSERT INTO orders (user_id, product_id, direction, amount, fee, cycle, payout_ppm, open_price, open_tick_time, open_time, settle_time)
        VALUES (${m.id}, ${btc.id}, 'rise', 100000, 0, 30, 800000, 6600000, ${settleAt - 31_000}, ${settleAt - 30_000}, ${settleAt}) RETURNING id`,
  );
  if (!r) throw new Error('no order');
  return Number(r.id);
}

const statusOf = async (id: number) => (await rows<{ status: string }>(s.deps.db, sql`SELECT status FROM orders WHERE id = ${id}`))[0]?.status;

describe('the orders guard', () => {
  it('lets settlement decide an open order, then refuses any change to the result', async () => {
    const id = await openOrder();
    await new SettlementEngine(s.deps.db).settleDue(settleAt);
    expect(await statusOf(id)).toBe('won');
    await expect(s.deps.db.execute(sql`UPDATE orders SET status = 'lost', payout = 0 WHERE id = ${id}`)).rejects.toThrow();
    await expect(s.deps.db.execute(sql`UPDATE orders SET settle_price = 1 WHERE id = ${id}`)).rejects.toThrow();
    expect(await statusOf(id)).toBe('won');
  });

  it('refuses a change to the terms of an open order', async () => {
    const id = await openOrder();
    await expect(s.deps.db.execute(sql`UPDATE orders SET open_price = open_price + 1 WHERE id = ${id}`)).rejects.toThrow();
    await expect(s.deps.db.execute(sql`UPDATE orders SET settle_time = settle_time + 1000 WHERE id = ${id}`)).rejects.toThrow();
    await expect(s.deps.db.execute(sql`UPDATE orders SET direction = 'fall' WHERE id = ${id}`)).rejects.toThrow();
    expect(await statusOf(id)).toBe('open');
  });

  it('refuses a settlement that does not record its transaction, which a product/orders cursor would miss (0013)', async () => {
    const id = await openOrder();
    await expect(
      s.deps.db.execute(sql`UPDATE orders SET status = 'won', settle_price = 6600100, settle_tick_time = ${settleAt}, settled_at = ${settleAt} WHERE id = ${id}`),
    ).rejects.toThrow();
    expect(await statusOf(id)).toBe('open');
    await s.deps.db.execute(
      sql`UPDATE orders SET status = 'won', settle_price = 6600100, settle_tick_time = ${settleAt}, settled_at = ${settleAt}, changed_xid = pg_current_xact_id() WHERE id = ${id}`,
    );
    expect(await statusOf(id)).toBe('won');
  });

  it('refuses to delete an order, open or settled', async () => {
    const id = await openOrder();
    await expect(s.deps.db.execute(sql`DELETE FROM orders WHERE id = ${id}`)).rejects.toThrow();
    expect(await statusOf(id)).toBe('open');
  });
});

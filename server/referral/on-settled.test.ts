import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { balanceOf, move } from '../domain/ledger.ts';
import { cents, mulRateFloor, toCents, toPpm } from '../../src/shared/money.ts';
import { REFERRAL_RATES } from '../domain/referral-rates.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { placeOrder } from '../market/orders.ts';
import { SettlementEngine } from '../market/settlement.ts';
import { recordTicks } from '../testing/market.ts';
import { useTestServer } from '../testing/harness.ts';
import { queueCashbackOnSettled } from './on-settled.ts';
import { drainCashbackQueue, payQueuedCashback } from './queue.ts';
import { startCashbackService } from './service.ts';

const s = useTestServer();
type Member = Awaited<ReturnType<typeof s.member>>;

/** The hook wired the way server/services.ts wires it, driven by the real settlement engine. */
const engine = () => {
  const e = new SettlementEngine(s.deps.db);
  e.onSettled(queueCashbackOnSettled);
  return e;
};

let product: MarketProduct;
let cycle: number;
let grand: Member;
let parent: Member;
let trader: Member;

beforeAll(async () => {
  const inviteCode = async (m: Member) => ((await s.call('user/details', {}, { token: m.token })).body.data as { inviteCode: string }).inviteCode;
  grand = await s.member();
  parent = await s.member({ inviteCode: await inviteCode(grand) });
  trader = await s.member({ inviteCode: await inviteCode(parent) });
  await s.deps.db.transaction((tx) => move(tx, { userId: trader.id, type: 'adjust', available: toCents('10000'), ref: 'test funding' }));
  const found = (await loadProducts(s.deps.db)).find((p) => p.session === 'always');
  const c = found?.cycles[0];
  if (!found || !c) throw new Error('no round-the-clock product with a cycle in the catalogue');
  product = found;
  cycle = c.seconds;
});

/** Places `n` orders for the trader now and records prices so they are due (and decided) one cycle later. */
async function placeDue(n: number): Promise<{ ids: number[]; settleAt: number }> {
  const now = s.clock.now();
  const settleAt = now + cycle * 1000;
  await recordTicks(s.deps.db, product, [[now - 1000, '100'], [now, '100'], [settleAt, '101']]);
  const amount = product.minAmount > toCents('100') ? product.minAmount : toCents('100');
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const order = await s.deps.db.transaction((tx) => placeOrder(tx, { userId: trader.id, productId: product.id, direction: 'rise', amount, cycle, now }, null));
    ids.push(Number(order.id));
  }
  s.clock.set(settleAt + 10_000);
  return { ids, settleAt };
}

const cashbackOf = (ids: readonly number[]) =>
  rows<{ order_id: string; beneficiary_id: number; generation: number; amount: string }>(
    s.deps.db,
    sql`SELECT order_id::text, beneficiary_id, generation, amount::text FROM referral_cashback
        WHERE order_id = ANY(${`{${ids.join(',')}}`}::int8[]) ORDER BY order_id, generation`,
  );
const queued = async (ids: readonly number[]) =>
  (await rows<{ order_id: number }>(s.deps.db, sql`SELECT order_id FROM cashback_queue WHERE order_id = ANY(${`{${ids.join(',')}}`}::int[])`)).length;
const cashbackLedger = async (ids: readonly number[]) =>
  (await rows<{ ref: string }>(s.deps.db, sql`SELECT ref FROM ledger WHERE type = 'cashback'`)).filter((r) => ids.some((id) => r.ref.startsWith(`order:${id}:`))).length;
const feeOf = async (id: number) => cents(BigInt((await rows<{ fee: string }>(s.deps.db, sql`SELECT fee::text FROM orders WHERE id = ${id}`))[0]?.fee ?? '0'));

describe('cashback from the settlement hook, through the queue', () => {
  it('settlement settles and pays the order but only queues the cashback; the queue pays it once, dated at the settle time', async () => {
    const { ids, settleAt } = await placeDue(1);
    const [id = 0] = ids;
    const parentBefore = (await balanceOf(s.deps.db, parent.id)).available;

    expect(await engine().settleDue(s.clock.now())).toBe(1);
    // Settlement committed without waiting for the cashback: the order is decided and paid, its cashback only owed.
    const [order] = await rows<{ status: string; payout: string }>(s.deps.db, sql`SELECT status, payout::text FROM orders WHERE id = ${id}`);
    expect(order).toEqual({ status: 'won', payout: expect.any(String) });
    expect(await queued(ids)).toBe(1);
    expect(await cashbackOf(ids)).toEqual([]);
    expect((await balanceOf(s.deps.db, parent.id)).available).toBe(parentBefore);

    expect(await drainCashbackQueue(s.deps.db)).toEqual({ orders: 1, paid: expect.any(Number) });
    const fee = await feeOf(id);
    expect(fee).toBeGreaterThan(0n);
    const expected = (g: number) => mulRateFloor(fee, toPpm(REFERRAL_RATES[g - 1] ?? '0')).toString();
    const paid = await cashbackOf(ids);
    // parent, grandparent, then the demo member who invited the grandparent; the demo member has no inviter.
    expect(paid.slice(0, 2).map((p) => [p.beneficiary_id, p.generation, p.amount])).toEqual([
      [parent.id, 1, expected(1)],
      [grand.id, 2, expected(2)],
    ]);
    expect(paid.length).toBeLessThanOrEqual(3);
    expect((await balanceOf(s.deps.db, parent.id)).available - parentBefore).toBe(BigInt(expected(1)));
    const [entry] = await rows<{ at: string }>(s.deps.db, sql`SELECT (extract(epoch FROM created_at) * 1000)::bigint::text AS at FROM ledger WHERE ref = ${`order:${id}:gen:1`}`);
    expect(Number(entry?.at)).toBe(settleAt);
    expect(await queued(ids)).toBe(0);

    // Nothing more, however often settlement and the queue run again.
    expect(await engine().settleDue(s.clock.now() + 10_000)).toBe(0);
    expect(await drainCashbackQueue(s.deps.db)).toEqual({ orders: 0, paid: 0 });
    expect(await cashbackOf(ids)).toHaveLength(paid.length);
    expect(await cashbackLedger(ids)).toBe(paid.length);
  });

  it('pays each order exactly once when two processors drain the queue at the same time, in bounded batches', async () => {
    const { ids } = await placeDue(7);
    expect(await engine().settleDue(s.clock.now())).toBe(7);
    expect(await queued(ids)).toBe(7);

    // A bounded batch takes only its share, oldest order first.
    expect((await payQueuedCashback(s.deps.db, 2)).orders).toBe(2);
    expect(await queued(ids)).toBe(5);

    const passes = await Promise.all([drainCashbackQueue(s.deps.db, 2), drainCashbackQueue(s.deps.db, 3), payQueuedCashback(s.deps.db, 1)]);
    expect(passes.reduce((n, p) => n + p.orders, 0)).toBe(5);
    expect(await queued(ids)).toBe(0);
    const paid = await cashbackOf(ids);
    const perOrder = paid.length / ids.length;
    expect(perOrder).toBeGreaterThanOrEqual(2);
    for (const id of ids) expect(paid.filter((p) => Number(p.order_id) === id)).toHaveLength(perOrder);
    expect(await cashbackLedger(ids)).toBe(paid.length);
  });

  it('a batch that is queued again after it was paid (a retry) pays nothing more and leaves the queue', async () => {
    const { ids } = await placeDue(1);
    const [id = 0] = ids;
    await engine().settleDue(s.clock.now());
    await drainCashbackQueue(s.deps.db);
    const paid = await cashbackOf(ids);
    const parentBefore = (await balanceOf(s.deps.db, parent.id)).available;

    await s.deps.db.execute(sql`INSERT INTO cashback_queue (order_id, user_id, fee, settle_time) SELECT id, user_id, fee, settle_time FROM orders WHERE id = ${id}`);
    expect(await drainCashbackQueue(s.deps.db)).toEqual({ orders: 1, paid: 0 });
    expect(await cashbackOf(ids)).toEqual(paid);
    expect(await cashbackLedger(ids)).toBe(paid.length);
    expect((await balanceOf(s.deps.db, parent.id)).available).toBe(parentBefore);
    expect(await queued(ids)).toBe(0);
  });

  it('a settlement that fails after queueing leaves neither the result nor the queued cashback', async () => {
    const { ids } = await placeDue(1);
    const failing = engine();
    failing.onSettled(async () => {
      throw new Error('boom');
    });
    await expect(failing.settleDue(s.clock.now())).rejects.toThrow('boom');
    expect(await queued(ids)).toBe(0);
    expect(await engine().settleDue(s.clock.now())).toBe(1);
    expect(await queued(ids)).toBe(1);
    await drainCashbackQueue(s.deps.db);
  });

  it('on start, the cashback service pays what a crash left queued before its loop begins', async () => {
    const { ids } = await placeDue(3);
    expect(await engine().settleDue(s.clock.now())).toBe(3);
    // The process stops here, before the queue was processed; the next start catches up.
    const logged: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    const service = await startCashbackService(s.deps).finally(() => {
      console.log = log;
    });
    await service.stop();
    expect(await queued(ids)).toBe(0);
    expect((await cashbackOf(ids)).length).toBeGreaterThanOrEqual(3 * 2);
    expect(logged.join('\n')).toMatch(/\[cashback\] paid \d+ cashback entries for 3 orders queued while stopped/);
  });
});

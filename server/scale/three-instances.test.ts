// Three real server processes on one PostgreSQL, as a deployment behind a load balancer runs them. They
// share one database and a steady flow of orders over HTTP, round-robin across them, started before the first
// test: the login limit and the operator tool are checked while they serve, then the instance that leads the
// market feed and settlement is SIGKILLed and the survivors must carry on. PostgreSQL only (skipped on PGlite).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { limits } from '../auth/attempts.ts';
import { loadConfig } from '../config.ts';
import { openPostgres, type Database, type Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import type { Deps } from '../deps.ts';
import { makeDeps } from '../make-deps.ts';
import { assertLedgerInvariant, createTestDatabase } from '../testing/harness.ts';
import { dbNow, holdersOf, seedMembers, tradableProduct, watermark, type Member } from './db.ts';
import { call, Instances, operator, type Instance } from './instances.ts';
import { OrderFlow } from './order-flow.ts';

const url = process.env['DATABASE_URL'] ?? '';
/** An order is settled at most this long after its settle time, also across a takeover. */
const LATENESS_MS = 5_000;

describe.skipIf(!url)('three instances on one PostgreSQL', () => {
  let dbUrl = '';
  let instances: Instances | undefined;
  let database: Database | undefined;
  let deps: Deps | undefined;
  let members: Member[] = [];
  let flow: OrderFlow | undefined;
  /** When the flow started (database clock): the tick check covers every second from here. */
  let flowFrom = 0;

  const db = (): Db => {
    if (!deps) throw new Error('beforeAll did not finish');
    return deps.db;
  };
  const live = (): Instance[] => instances?.live ?? [];

  beforeAll(async () => {
    dbUrl = await createTestDatabase(url);
    const group = new Instances(dbUrl);
    instances = group;
    // The first migrates, seeds and backfills the market, and takes every job's lock; the others stand by.
    await group.start('cw-a');
    await Promise.all([group.start('cw-b'), group.start('cw-c')]);
    database = await openPostgres(dbUrl);
    deps = makeDeps(database, loadConfig({ DATABASE_URL: dbUrl, MARKET_FEED: 'false' }));
    flowFrom = await dbNow(deps.db);
    members = await seedMembers(deps.db, 20, flowFrom);
    flow = new OrderFlow(live, members, await tradableProduct(deps.db));
    flow.start();
  }, 120_000);

  afterAll(async () => {
    await flow?.stop();
    await instances?.stopAll();
    await database?.close();
  }, 60_000);

  it('50 parallel wrong-password logins over three instances count as one limit: at most its free attempts are evaluated', async () => {
    const [first, second, third] = live();
    if (!first || !second || !third) throw new Error('three instances expected');
    const username = 'scalelogin';
    const registered = await call(first.base, 'user/register', { username, phone: '13900000001', password: 'secret123', confirmPassword: 'secret123', inviteCode: 'WELCOME1' });
    expect(registered.code, registered.msg).toBe(0);

    const bases = [first.base, second.base, third.base];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(bases[i % 3] ?? '', 'user/login', { username, password: 'wrong-password' })));
    const wrong = answers.filter((a) => a.msg === 'error.name_or_password').length;
    const limited = answers.filter((a) => a.msg === 'error.rate_limited').length;
    // Evaluated = the password was checked (and found wrong); refused = the limit answered before any check.
    expect(wrong + limited, JSON.stringify(answers.map((a) => a.msg))).toBe(50);
    // All from one address: the account-from-this-source bucket is the tightest of the three login limits.
    const free = limits.loginAccountSource(username, '127.0.0.1').free;
    const buckets = await rows<{ bucket: string; n: number; window_start: string; reset_at: string }>(
      db(),
      sql`SELECT bucket, n, window_start::text, reset_at::text FROM rate_limits WHERE bucket LIKE 'login:%' ORDER BY bucket`,
    );
    const n = (prefix: string) => buckets.find((b) => b.bucket.startsWith(prefix))?.n;
    expect(wrong, JSON.stringify(buckets)).toBeGreaterThanOrEqual(1);
    expect(wrong, JSON.stringify(buckets)).toBeLessThanOrEqual(free);
    // The address's bucket counted every attempt; the account-wide one, checked last, exactly those evaluated.
    expect(n('login:src:')).toBe(50);
    expect(n(`login:acct:${username}`)).toBe(wrong);
    console.log(`logins: ${wrong} of 50 evaluated (limit ${free} free), ${limited} refused; buckets ${buckets.map((b) => `${b.bucket}=${b.n}`).join(', ')}`);
  });

  it('the operator tool beside the live instances: an approval and a credit take effect once, and the ledger balances', async () => {
    const [member] = members;
    const [, second] = live();
    if (!member || !second || !flow) throw new Error('beforeAll did not finish');
    const deposit = await call(second.base, 'user/deposit', { method: 'trc20', amount: '100.00', reference: 'scale-deposit-1' }, member.token);
    expect(deposit.code, deposit.msg).toBe(0);
    const id = (deposit.data as { id: number }).id;
    const placedBefore = flow.placed.length;

    // Two operators approve the same deposit at once: one credits it, the other is told it is already decided.
    const approvals = await Promise.all([operator(dbUrl, ['approve', 'deposit', String(id)]), operator(dbUrl, ['approve', 'deposit', String(id)])]);
    expect(approvals.map((r) => r.code).sort(), JSON.stringify(approvals)).toEqual([0, 1]);
    expect(approvals.find((r) => r.code === 0)?.stdout).toContain(`deposit ${id} approved: 100.00 credited`);
    expect(approvals.find((r) => r.code === 1)?.stderr).toContain('no longer under review');
    const credit = await operator(dbUrl, ['credit', member.username, '25.50', '--reason', 'scale test']);
    expect(credit.code, credit.stderr).toBe(0);
    expect(credit.stdout).toContain(`Credited 25.50 to ${member.username}`);

    const entries = await rows<{ type: string; amount: string; ref: string }>(
      db(),
      sql`SELECT type, amount::text, ref FROM ledger WHERE user_id = ${member.id} AND type IN ('deposit', 'adjust') ORDER BY id`,
    );
    expect(entries).toEqual([
      { type: 'adjust', amount: '10000000', ref: 'scale test funding' },
      { type: 'deposit', amount: '10000', ref: `deposit:${id}` },
      { type: 'adjust', amount: '2550', ref: 'operator credit: scale test' },
    ]);
    const [state] = await rows<{ status: string; deposited: string }>(
      db(),
      sql`SELECT d.status, u.deposited_total::text AS deposited FROM deposits d JOIN users u ON u.id = d.user_id WHERE d.id = ${id}`,
    );
    expect(state).toEqual({ status: 'success', deposited: '10000' });
    // The member's own orders went on meanwhile (it is in the flow), on the same account row.
    expect(flow.placed.length).toBeGreaterThan(placedBefore);
    await assertLedgerInvariant(deps);
  });

  it('the leader of the feed and settlement is killed mid-way: one feed at a time, every order settled once at its price, within 5 s', async () => {
    if (!instances || !flow) throw new Error('beforeAll did not finish');
    const group = instances;
    const orders = flow;
    const [leaderName] = await holdersOf(db(), 'market-feed');
    expect(await holdersOf(db(), 'settlement')).toEqual([leaderName]);
    const leader = live().find((i) => i.name === leaderName);
    if (!leader) throw new Error(`no live instance named ${String(leaderName)} leads the feed`);

    // Kill once orders are falling due, so some fall due while nobody leads.
    await vi.waitFor(
      async () => {
        const [due] = await rows<{ first: string | null }>(db(), sql`SELECT min(settle_time)::text AS first FROM orders`);
        expect(await dbNow(db())).toBeGreaterThanOrEqual(Number(due?.first ?? Infinity) + 1000);
      },
      { timeout: 60_000, interval: 200 },
    );
    // With an order request to it in flight: its answer may be lost with it, and is then asked of a survivor.
    await vi.waitFor(() => expect(orders.inFlightTo(leader.name)).toBeGreaterThan(0), { timeout: 10_000, interval: 1 });
    const killed = group.kill(leader);
    const killAt = await dbNow(db());
    await killed;
    const watermarkAtKill = await watermark(db());

    // Takeover: survivors hold the feed's and settlement's locks, and the feed writes past the dead leader's
    // watermark. Meanwhile, how far the watermark fell behind the clock (what an order due then waits).
    let feedLock = 0;
    let settlementLock = 0;
    let feedWrites = 0;
    let worstLag = 0;
    await vi.waitFor(
      async () => {
        const now = await dbNow(db());
        const mark = await watermark(db());
        worstLag = Math.max(worstLag, now - mark);
        if (!feedWrites && mark > watermarkAtKill) feedWrites = now;
        // A survivor's, not the dead leader's: its backend may take a moment to see the socket close.
        const survivorHolds = async (job: string) => (await holdersOf(db(), job)).some((name) => name !== leader.name);
        if (!feedLock && (await survivorHolds('market-feed'))) feedLock = now;
        if (!settlementLock && (await survivorHolds('settlement'))) settlementLock = now;
        expect(feedLock > 0 && settlementLock > 0 && feedWrites > 0).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    // The takeover is done when all three happened (and lasts a second at least, so that orders fall due in it).
    const takeoverEnd = Math.max(feedLock, settlementLock, feedWrites, killAt + 1000);
    const feedHolders = await holdersOf(db(), 'market-feed');
    const settlementHolders = await holdersOf(db(), 'settlement');
    expect(feedHolders).toHaveLength(1);
    expect(settlementHolders).toHaveLength(1);
    expect([...feedHolders, ...settlementHolders]).not.toContain(leader.name);
    // The processes agree with the locks: one survivor says it took the feed over.
    const tookFeed = group.live.filter((i) => i.output.some((l) => l.includes('this instance leads market-feed')));
    expect(tookFeed.map((i) => i.name)).toEqual(feedHolders);

    // Orders go on for a while on the survivors, then everything placed must settle.
    const placedAtTakeover = orders.placed.length;
    await vi.waitFor(() => expect(orders.placed.length).toBeGreaterThanOrEqual(placedAtTakeover + 30), { timeout: 30_000, interval: 100 });
    await orders.stop();
    await vi.waitFor(
      async () => {
        const [open] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM orders WHERE status = 'open'`);
        expect(open?.n).toBe(0);
      },
      { timeout: 60_000, interval: 250 },
    );
    const endWatermark = await watermark(db());

    // Every answer the members got is an order, and every order had its answer: a request lost with the killed
    // instance and sent again under its Idempotency-Key gave one order, not two.
    expect(orders.unanswered).toEqual([]);
    expect(orders.refused.filter((r) => r.msg !== 'error.market_closed')).toEqual([]);
    expect(orders.lost.filter((l) => l.instance !== leader.name)).toEqual([]);
    const stored = await rows<{ order_no: string }>(db(), sql`SELECT order_no FROM orders`);
    expect(stored.map((o) => o.order_no).sort()).toEqual(orders.placed.map((p) => p.orderNo).sort());
    expect(new Set(orders.placed.map((p) => p.instance))).toEqual(new Set(['cw-a', 'cw-b', 'cw-c']));

    // (a) One feed at a time: every second of every around-the-clock product has its one tick, across the takeover,
    // and each tick's side (`up`: at or above the price before) agrees with the stored tick before it. A second
    // feed writing beside the first walks its own path, so its ticks' sides disagree with the other's prices;
    // no feed leaves seconds without a tick.
    const from = Math.ceil(flowFrom / 1000) * 1000;
    const to = Math.floor(endWatermark / 1000) * 1000;
    expect(killAt).toBeGreaterThan(from);
    expect(to).toBeGreaterThan(takeoverEnd);
    const ticks = await rows<{ symbol: string; n: number; broken: number }>(
      db(),
      sql`SELECT p.symbol, count(*)::int AS n, count(*) FILTER (WHERE k.prev IS NOT NULL AND k.up <> (k.price >= k.prev))::int AS broken
          FROM products p JOIN (
            SELECT product_id, price, up, lag(price) OVER (PARTITION BY product_id ORDER BY t) AS prev FROM ticks WHERE t BETWEEN ${from} AND ${to}
          ) k ON k.product_id = p.id
          WHERE p.session = 'always' GROUP BY p.symbol ORDER BY p.symbol`,
    );
    const seconds = (to - from) / 1000 + 1;
    expect(ticks.length).toBeGreaterThanOrEqual(5);
    expect(ticks).toEqual(ticks.map((t) => ({ symbol: t.symbol, n: seconds, broken: 0 })));

    // (b) Every order settled at the last tick at or before its settle time (as the ticks stand now: nothing was
    // written under a price after it was used), with the outcome those prices give; its stake and fee debited once,
    // and exactly one payout entry of its payout for a win or a draw, none for a loss.
    const mispriced = await rows<{ order_no: string }>(
      db(),
      sql`SELECT o.order_no, o.status, o.settle_time, o.settle_tick_time, k.t AS tick_t
          FROM orders o LEFT JOIN LATERAL (
            SELECT t, price FROM ticks WHERE product_id = o.product_id AND t <= o.settle_time ORDER BY t DESC LIMIT 1
          ) k ON true
          WHERE o.settle_tick_time IS DISTINCT FROM k.t OR o.settle_price IS DISTINCT FROM k.price
             OR o.status <> CASE WHEN k.price = o.open_price THEN 'draw' WHEN (k.price > o.open_price) = (o.direction = 'rise') THEN 'won' ELSE 'lost' END`,
    );
    expect(mispriced).toEqual([]);
    const misbooked = await rows<{ order_no: string }>(
      db(),
      sql`SELECT o.order_no, o.status, o.payout::text, e.stakes, e.fees, e.payouts, e.paid::text
          FROM orders o JOIN LATERAL (
            SELECT count(*) FILTER (WHERE l.type = 'order_stake' AND l.amount = -o.amount)::int AS stakes,
                   count(*) FILTER (WHERE l.type = 'order_fee' AND l.amount = -o.fee)::int AS fees,
                   count(*) FILTER (WHERE l.type = 'order_payout')::int AS payouts,
                   coalesce(sum(l.amount) FILTER (WHERE l.type = 'order_payout'), 0) AS paid,
                   count(*)::int AS entries
            FROM ledger l WHERE l.ref = o.order_no AND l.user_id = o.user_id
          ) e ON true
          WHERE e.stakes <> 1 OR e.fees <> 1 OR e.entries <> 2 + e.payouts
             OR e.payouts <> CASE WHEN o.status = 'lost' THEN 0 ELSE 1 END OR e.paid <> o.payout
             OR (o.status = 'won' AND o.payout <= o.amount) OR (o.status = 'draw' AND o.payout <> o.amount)`,
    );
    expect(misbooked).toEqual([]);

    // (c) Lateness, from the orders' own times: never early, at most 5 s late, also for those the dead leader left
    // open and that fell due before the survivors had taken over.
    const crossed = sql`settled_at >= ${killAt} AND settle_time <= ${takeoverEnd}`;
    const [late] = await rows<{ n: number; worst: number; earliest: number; during: number; worst_during: number | null; won: number; lost: number; draw: number }>(
      db(),
      sql`SELECT count(*)::int AS n, max(settled_at - settle_time)::int AS worst, min(settled_at - settle_time)::int AS earliest,
                 count(*) FILTER (WHERE ${crossed})::int AS during, max(settled_at - settle_time) FILTER (WHERE ${crossed})::int AS worst_during,
                 count(*) FILTER (WHERE status = 'won')::int AS won, count(*) FILTER (WHERE status = 'lost')::int AS lost,
                 count(*) FILTER (WHERE status = 'draw')::int AS draw
          FROM orders`,
    );
    expect(late?.earliest).toBeGreaterThanOrEqual(0);
    expect(late?.worst).toBeLessThanOrEqual(LATENESS_MS);
    expect(late?.during).toBeGreaterThanOrEqual(1);

    // (d) The ledger balances for every member.
    await assertLedgerInvariant(deps);

    console.log(
      `takeover: ${leader.name} killed; locks taken after ${feedLock - killAt} ms (feed, ${feedHolders.join()}) and ${settlementLock - killAt} ms (settlement, ${settlementHolders.join()}), ` +
        `ticks written again after ${feedWrites - killAt} ms, watermark at most ${worstLag} ms behind the clock; ` +
        `${late?.n} orders (${late?.won} won, ${late?.lost} lost, ${late?.draw} draw), ${orders.lost.length} answers lost and re-sent, ${orders.refused.length} refused; ` +
        `lateness worst ${late?.worst} ms, ${late?.during} due before the takeover was done worst ${late?.worst_during} ms; ticks ${seconds} s x ${ticks.length} products, ${ticks.map((t) => (t.n / seconds).toFixed(2)).join('/')} per second`,
    );
  }, 150_000);
});

// A graceful stop (SIGTERM) of the instance that leads the market feed and settlement, with another instance
// standing by on the same PostgreSQL: its /readyz says "draining" at once, order requests it holds in flight and a
// request that arrives on an open keep-alive connection are all answered (no reset), it exits 0 within the grace
// period, and it hands its locks over as it stops: the standby leads the feed well within its 1 s beat, and
// settles the orders the stopped instance took. PostgreSQL only (skipped on PGlite).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { openPostgres, type Database } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import type { Deps } from '../deps.ts';
import { makeDeps } from '../make-deps.ts';
import { assertLedgerInvariant, createTestDatabase } from '../testing/harness.ts';
import { get, heldPost, RawConnection, type RawAnswer } from '../testing/raw-http.ts';
import { dbNow, holdersOf, seedMembers, tradableProduct, type Member, type Product } from './db.ts';
import { Instances, type Instance } from './instances.ts';

const url = process.env['DATABASE_URL'] ?? '';
const GRACE_MS = 10_000;
/** A standby's beat (leader.ts): without the released lock's NOTIFY, a takeover would wait up to this. */
const BEAT_MS = 1000;

describe.skipIf(!url)('graceful stop of the leading instance on PostgreSQL', () => {
  let instances: Instances | undefined;
  let database: Database | undefined;
  let deps: Deps | undefined;
  let leader: Instance;
  let standby: Instance;
  let members: Member[] = [];
  let product: Product;

  beforeAll(async () => {
    const dbUrl = await createTestDatabase(url);
    const group = new Instances(dbUrl);
    instances = group;
    // The first migrates, seeds and backfills the market, and takes every job's lock; the second stands by.
    leader = await group.start('cw-lead', { env: { SHUTDOWN_GRACE_MS: String(GRACE_MS) } });
    standby = await group.start('cw-standby', { env: { SHUTDOWN_GRACE_MS: String(GRACE_MS) } });
    database = await openPostgres(dbUrl);
    deps = makeDeps(database, loadConfig({ DATABASE_URL: dbUrl, MARKET_FEED: 'false' }));
    members = await seedMembers(deps.db, 6, await dbNow(deps.db));
    product = await tradableProduct(deps.db);
  }, 120_000);

  afterAll(async () => {
    await instances?.stopAll();
    await database?.close();
  }, 60_000);

  it('answers everything it holds, exits 0, and the standby takes the feed and settlement over at once', async () => {
    if (!instances || !deps) throw new Error('beforeAll did not finish');
    const db = deps.db;
    const group = instances;
    expect(await holdersOf(db, 'market-feed')).toEqual([leader.name]);
    expect(await holdersOf(db, 'settlement')).toEqual([leader.name]);
    for (const i of [leader, standby]) expect((await fetch(`${i.base}/readyz`)).status).toBe(200);

    // Order requests in flight on the leader: each head is in (the server said 100 Continue), each body not yet.
    const bodies = members.map((m, i) => JSON.stringify({ productId: product.id, direction: i % 2 === 0 ? 'rise' : 'fall', amount: product.amount, cycle: product.cycle }));
    const held = await Promise.all(
      members.map(async (m, i) => {
        const c = await RawConnection.open(leader.base);
        const body = bodies[i] ?? '';
        c.write(heldPost('/api/order/create', Buffer.byteLength(body), { authorization: m.token, 'idempotency-key': randomUUID() }));
        expect((await c.next()).status).toBe(100);
        return { c, body };
      }),
    );
    // A keep-alive client with an earlier answer and a request in flight on the same connection...
    const [kept, ...alone] = held;
    if (!kept) throw new Error('no members');
    // ...and one that sits idle.
    const idle = await RawConnection.open(leader.base);
    idle.write(get('/healthz'));
    expect((await idle.next()).headers['connection']).toBe('keep-alive');

    const from = performance.now();
    const exit = group.terminate(leader).then((e) => ({ ...e, ms: performance.now() - from }));
    // How long until the standby holds each lock (it cannot before the leader has let go).
    const took: Record<string, number> = {};
    const takeover = vi.waitFor(
      async () => {
        for (const job of ['market-feed', 'settlement']) {
          if (took[job] === undefined && (await holdersOf(db, job)).includes(standby.name)) took[job] = performance.now() - from;
        }
        expect(Object.keys(took).sort()).toEqual(['market-feed', 'settlement']);
      },
      { timeout: 10_000, interval: 2 },
    );
    await vi.waitFor(() => expect(leader.output.some((l) => l.includes('[shutdown] SIGTERM: draining'))).toBe(true), { timeout: 10_000, interval: 2 });

    // The bodies arrive during the drain; behind the kept connection's, a /readyz pipelined on the open connection.
    for (const { c, body } of alone) c.write(body);
    kept.c.write(kept.body + get('/readyz'));
    const answers: RawAnswer[] = await Promise.all(held.map(({ c }) => c.next()));
    const readyz = await kept.c.next();
    for (const a of answers) {
      expect(a.status, a.body).toBe(200);
      expect(JSON.parse(a.body), a.body).toMatchObject({ code: 0, data: { orderNo: expect.any(String) as string } });
    }
    // Each connection's last answer says Connection: close, and then the connection closes cleanly (no reset).
    expect(answers.slice(1).map((a) => a.headers['connection'])).toEqual(alone.map(() => 'close'));
    expect(readyz.status).toBe(503);
    expect(JSON.parse(readyz.body)).toEqual({ status: 'unavailable', failed: 'draining' });
    expect(readyz.headers['connection']).toBe('close');
    expect(await Promise.all([...held.map(({ c }) => c.ended), idle.ended])).toEqual([...held.map(() => 'end'), 'end']);

    const exited = await exit;
    expect({ code: exited.code, signal: exited.signal }).toEqual({ code: 0, signal: null });
    expect(exited.ms).toBeLessThan(GRACE_MS);
    await takeover;
    expect(leader.output).toContain('[leader] released market-feed');
    expect(leader.output).toContain('[leader] released settlement');
    expect(standby.output.some((l) => l.includes('this instance leads market-feed'))).toBe(true);
    // The released lock's NOTIFY woke the standby; its beat would have come up to a second later.
    expect(took['market-feed']).toBeLessThan(BEAT_MS);
    expect(took['settlement']).toBeLessThan(BEAT_MS);
    expect((await fetch(`${standby.base}/readyz`)).status).toBe(200);

    // The standby settles the orders the stopped instance took, and the ledger balances.
    const orderNos = answers.map((a) => (JSON.parse(a.body) as { data: { orderNo: string } }).data.orderNo);
    await vi.waitFor(
      async () => {
        const open = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE order_no IN ${orderNos} AND status = 'open'`);
        expect(open[0]?.n).toBe(0);
      },
      { timeout: (product.cycle + 30) * 1000, interval: 250 },
    );
    await assertLedgerInvariant(deps);
    console.log(
      `graceful stop: ${answers.length} orders in flight all answered; exit 0 after ${exited.ms.toFixed(0)} ms (grace ${GRACE_MS} ms); ` +
        `standby leads market-feed ${took['market-feed']?.toFixed(0)} ms and settlement ${took['settlement']?.toFixed(0)} ms after SIGTERM (beat ${BEAT_MS} ms)`,
    );
  }, 180_000);
});

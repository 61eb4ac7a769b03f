// Members per core: what each screen's polls cost one server instance and PostgreSQL. For every request a screen
// repeats (src/workers/periods.ts), many members ask at once through the whole HTTP stack of one instance on
// PostgreSQL; the bench takes the CPU milliseconds per request in the server and in PostgreSQL (from /proc) and
// the statements per request (pg_stat_statements). A screen's cost per member-minute is the sum over its polls of
// rate × CPU per request; members per core is a minute of CPU over that. Market reads ask as members do (GET,
// a `since` cursor a poll period back), so they hit the once-per-second micro-cache as a crowd would. /xq's prices
// come from its live stream (GET product/live): CAPACITY_WATCHERS streams (1,000) are held open for 15 s, then 20 s, and their
// CPU above the idle server's is one watcher-second's cost; its other polls are counted as above.
//   PG_STATEMENTS=1 bash scripts/with-postgres.sh npx tsx bench/capacity.ts
// ours in the BENCH line: CPU ms per member-minute on /xq with the stream; baseline: the same screen as it was, its
// prices from the 2 s turnover poll, in the same run. Also printed: /xq with every market read computed for its
// member alone (each member's own cursor, so the micro-cache cannot share).
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { PERIOD_MS } from '../src/workers/periods.ts';
import { cpuMeter, databaseUrl, seedMembers, startInstance, statementCounter, stop, tradableProduct } from './instances.ts';
import { openWatchers } from './live-client.ts';
import { formatNumber } from './stats.ts';

const url = process.env['DATABASE_URL'] ?? '';
if (!url) {
  console.log('capacity: needs DATABASE_URL (run it through scripts/with-postgres.sh); skipped.');
  process.exit(0);
}
const MEMBERS = 200;
const OPEN_ORDERS_EACH = 5;
const REQUESTS = Number(process.env['CAPACITY_REQUESTS'] ?? 3000);
const CONCURRENCY = 16;
const WATCHERS = Number(process.env['CAPACITY_WATCHERS'] ?? 1000);
const STREAM_SECONDS = 20;

interface Ask {
  readonly method: 'GET' | 'POST';
  /** The path and query (GET) or body (POST) for the i-th request; `member` is its member's index. */
  readonly make: (i: number, member: number, now: number) => { readonly path: string; readonly body?: unknown };
}

interface Cost {
  readonly cpuMs: number;
  readonly serverMs: number;
  readonly postgresMs: number;
  readonly statements: number | null;
  readonly p99: number;
}

const name = `cw_capacity_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const instance = await startInstance(databaseUrl(url, name), 0);
const client = new pg.Client({ connectionString: databaseUrl(url, name) });
try {
  await client.connect();
  const tokens = await seedMembers(client, MEMBERS);
  const product = await tradableProduct(client);
  const { rows: cycles } = await client.query<{ seconds: number }>('SELECT max(seconds) AS seconds FROM product_cycles WHERE product_id = $1', [product.id]);
  const longest = cycles[0]?.seconds ?? product.cycle;
  const call = async (method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<{ ok: boolean; data: unknown }> => {
    const res = await fetch(`${instance.base}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: token, 'idempotency-key': randomUUID(), 'accept-encoding': 'br' },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const parsed = (await res.json().catch(() => null)) as { code?: number; data?: unknown } | null;
    return { ok: res.ok && parsed?.code === 0, data: parsed?.data };
  };
  // Open orders that stay open through the bench, so the order lists have something to say.
  const orderIds: number[][] = [];
  for (const [m, token] of tokens.entries()) {
    const ids: number[] = [];
    for (let k = 0; k < OPEN_ORDERS_EACH; k++) {
      const placed = await call('POST', 'order/create', token, { productId: product.id, direction: k % 2 ? 'rise' : 'fall', amount: product.amount, cycle: longest });
      if (placed.ok) ids.push((placed.data as { id: number }).id);
    }
    orderIds[m] = ids;
  }
  // The worker asks my orders on a product with the cursor of its last answer (the whole answer once, on opening).
  const orderCursors: string[] = [];
  for (const [m, token] of tokens.entries()) {
    const first = await call('POST', 'product/orders', token, { id: product.id });
    orderCursors[m] = String((first.data as { cursor?: unknown } | undefined)?.cursor ?? '');
  }
  const statements = await statementCounter(client);
  const second = (t: number) => Math.floor(t / 1000) * 1000;

  /** Asks `ask` REQUESTS times from all members, CONCURRENCY at once; the CPU and statements per request. */
  async function measure(label: string, ask: Ask): Promise<Cost> {
    let next = 0;
    let failed = 0;
    const latencies: number[] = [];
    await statements?.reset();
    const meter = cpuMeter([instance.child.pid ?? 0]);
    const worker = async () => {
      while (next < REQUESTS) {
        const i = next++;
        const member = i % MEMBERS;
        const { path, body } = ask.make(i, member, Date.now());
        const started = performance.now();
        const answer = await call(ask.method, path, tokens[member] ?? '', body);
        latencies.push(performance.now() - started);
        if (!answer.ok) failed++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const cpu = meter.end();
    const calls = statements ? await statements.calls() : null;
    latencies.sort((a, b) => a - b);
    const cost = {
      serverMs: cpu.serverMs / REQUESTS,
      postgresMs: cpu.postgresMs / REQUESTS,
      cpuMs: (cpu.serverMs + cpu.postgresMs) / REQUESTS,
      statements: calls === null ? null : calls / REQUESTS,
      p99: latencies[Math.floor(0.99 * latencies.length)] ?? Number.NaN,
    };
    console.log(
      `| ${label} | ${formatNumber(cost.serverMs)} | ${formatNumber(cost.postgresMs)} | ${cost.statements === null ? '-' : formatNumber(cost.statements)} | ${formatNumber(cost.p99)} |${failed ? ` ${failed} failed` : ''}`,
    );
    return cost;
  }

  const get = (path: string, query: (i: number, member: number, now: number) => string): Ask => ({ method: 'GET', make: (i, m, now) => ({ path: `${path}?${query(i, m, now)}` }) });
  const post = (path: string, body: (i: number, member: number) => unknown): Ask => ({ method: 'POST', make: (i, m) => ({ path, body: body(i, m) }) });
  // A crowd: cursors a poll period back, to the second. Alone: each member's own cursor, so nothing is shared.
  const crowd = (period: number) => (_i: number, _m: number, now: number) => second(now - period);
  const alone = (period: number) => (i: number, _m: number, now: number) => second(now - period) - (i % 1000);
  const asks = (since: (period: number) => (i: number, m: number, now: number) => number) => ({
    list: get('product/list', (i, m, now) => `since=${since(PERIOD_MS.products)(i, m, now)}`),
    turnover: get('product/trunover', (i, m, now) => `id=${product.id}&since=${since(PERIOD_MS.turnover)(i, m, now)}`),
    kdata: get('product/kdata', (i, m, now) => `id=${product.id}&interval=1m&since=${since(PERIOD_MS.kdata)(i, m, now)}`),
  });
  const mine = {
    holdList: post('order/hold_list', () => ({ since: second(Date.now() - PERIOD_MS.holdList) })),
    productOrders: post('product/orders', (_i, m) => ({ id: product.id, cursor: orderCursors[m] ?? '' })),
    orderList: post('order/list', () => ({ page: 1, size: 20 })),
    results: post('order/results', (_i, m) => ({ ids: orderIds[m] ?? [1] })),
    support: post('support/messages', () => ({})),
  };

  console.log(`capacity: 1 instance on PostgreSQL, ${MEMBERS} members with ${OPEN_ORDERS_EACH} open orders each, ${REQUESTS} requests per path, ${CONCURRENCY} in flight; load average ${loadavg()[0]?.toFixed(2)}`);
  console.log('| request | server CPU ms | PostgreSQL CPU ms | statements | p99 ms |');
  console.log('|---|---|---|---|---|');
  const shared = asks(crowd);
  const own = asks(alone);
  const cost = {
    list: await measure('product/list (crowd)', shared.list),
    turnover: await measure('product/trunover (crowd)', shared.turnover),
    kdata: await measure('product/kdata (crowd)', shared.kdata),
    listAlone: await measure('product/list (own cursor)', own.list),
    turnoverAlone: await measure('product/trunover (own cursor)', own.turnover),
    kdataAlone: await measure('product/kdata (own cursor)', own.kdata),
    holdList: await measure('order/hold_list', mine.holdList),
    productOrders: await measure('product/orders', mine.productOrders),
    orderList: await measure('order/list', mine.orderList),
    results: await measure('order/results', mine.results),
    support: await measure('support/messages', mine.support),
  };
  // The live stream: CPU per watcher-second above what the server and PostgreSQL use with nobody watching.
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  const window = async (seconds: number) => {
    const meter = cpuMeter([instance.child.pid ?? 0]);
    const from = performance.now();
    await sleep(seconds * 1000);
    const cpu = meter.end();
    return (cpu.serverMs + cpu.postgresMs) / ((performance.now() - from) / 1000);
  };
  const idlePerSecond = await window(10);
  const opened = await openWatchers(instance.base, product.id, WATCHERS, 0);
  // Each stream takes its cohort's shared events once it has sent the cohort's last 4 KB (about 12 s of events).
  await sleep(15_000);
  const watchingPerSecond = await window(STREAM_SECONDS);
  const ended = opened.watchers.filter((w) => w.ended).length;
  for (const w of opened.watchers) w.close();
  const streamMsPerSecond = (watchingPerSecond - idlePerSecond) / WATCHERS;
  console.log(
    `| product/live, per watcher-second (${WATCHERS} streams, ${STREAM_SECONDS} s) | server + PostgreSQL ${formatNumber(streamMsPerSecond)} | (${formatNumber(watchingPerSecond)} CPU ms/s watching, ${formatNumber(idlePerSecond)} idle) | - | - |${ended ? ` ${ended} ended early` : ''}`,
  );
  // As a poll's cost: one "request" a minute costing a minute of its stream.
  const stream: Cost = { cpuMs: streamMsPerSecond * 60, serverMs: Number.NaN, postgresMs: Number.NaN, statements: null, p99: Number.NaN };
  const perMinute = (periodMs: number) => 60_000 / periodMs;
  // Requests per member-minute by screen (docs/scaling.md's table), each with its cost.
  const screens: Record<string, readonly [number, Cost][]> = {
    // The rows in view come on a stream (its cost taken as a watched product's); the list and the hold list slow down.
    '/ and /hq (live stream)': [[1, stream], [perMinute(PERIOD_MS.productsWhileLive), cost.list], [perMinute(PERIOD_MS.holdListBackground), cost.holdList], [2, cost.support]],
    '/ and /hq before (6 s list poll)': [[perMinute(PERIOD_MS.products), cost.list], [perMinute(PERIOD_MS.holdList), cost.holdList], [2, cost.support]],
    // With no order list on screen the hold list keeps the background pace; my orders on the product every 15 s.
    '/xq (live stream)': [[1, stream], [perMinute(PERIOD_MS.kdata), cost.kdata], [perMinute(PERIOD_MS.productOrders), cost.productOrders], [perMinute(PERIOD_MS.holdListBackground), cost.holdList]],
    '/xq before (2 s turnover poll)': [[perMinute(PERIOD_MS.turnover), cost.turnover], [perMinute(PERIOD_MS.kdata), cost.kdata], [perMinute(PERIOD_MS.productOrders), cost.productOrders], [perMinute(PERIOD_MS.holdList), cost.holdList]],
    '/orderrecord': [[perMinute(PERIOD_MS.holdList), cost.holdList], [perMinute(PERIOD_MS.orderList), cost.orderList]],
  };
  const xqAlone: readonly [number, Cost][] = [[perMinute(PERIOD_MS.turnover), cost.turnoverAlone], [perMinute(PERIOD_MS.kdata), cost.kdataAlone], [perMinute(PERIOD_MS.productOrders), cost.productOrders], [perMinute(PERIOD_MS.holdList), cost.holdList]];
  const msPerMemberMinute = (polls: readonly [number, Cost][]) => polls.reduce((sum, [rate, c]) => sum + rate * c.cpuMs, 0);
  const membersPerCore = (polls: readonly [number, Cost][]) => 60_000 / msPerMemberMinute(polls);
  console.log('| screen | requests / member-minute | CPU ms / member-minute | members per core |');
  console.log('|---|---|---|---|');
  for (const [screen, polls] of Object.entries(screens)) {
    // The stream is one request per member's visit, not per minute.
    const rate = polls.reduce((sum, [r, c]) => sum + (c === stream ? 0 : r), 0);
    console.log(`| ${screen} | ${formatNumber(rate)}${polls.some(([, c]) => c === stream) ? ' + a stream' : ''} | ${formatNumber(msPerMemberMinute(polls))} | ${formatNumber(membersPerCore(polls))} |`);
  }
  const ours = msPerMemberMinute(screens['/xq (live stream)'] ?? []);
  const polled = msPerMemberMinute(screens['/xq before (2 s turnover poll)'] ?? []);
  console.log(`/xq before with every market read for its member alone (no micro-cache): ${formatNumber(msPerMemberMinute(xqAlone))} CPU ms/member-minute, about ${formatNumber(membersPerCore(xqAlone))} members per core`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`BENCH capacity-xq (live stream vs the 2 s poll): ours ${formatNumber(ours)} CPU-ms/member-minute, baseline ${formatNumber(polled)} CPU-ms/member-minute, ratio ${formatNumber(polled / ours)}`);
} finally {
  await client.end().catch(() => undefined);
  await stop(instance.child);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

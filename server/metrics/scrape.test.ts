import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { setLogSink } from '../log.ts';
import { loadProducts } from '../market/catalog.ts';
import { recordTicks } from '../testing/market.ts';
import { DEMO } from '../seed.ts';
import { startServer, type Running } from '../start.ts';
import { createTestDatabase } from '../testing/harness.ts';
import { readLive } from '../testing/live-reader.ts';
import { parsePrometheusText, samplesOf, valueOf, type Family } from '../testing/prometheus-text.ts';

/**
 * A whole instance as `npm start` runs it, with METRICS_PORT set: real requests on the public listener, then the
 * metrics listener scraped and read with a strict parser. Every counter must have moved by exactly the traffic
 * this test made (the scrapes go to the other listener and count nowhere).
 */
const dir = mkdtempSync(join(tmpdir(), 'candlewick-metrics-'));
const marker = `index-${process.pid}`;
let running: Running | undefined;
const logged: string[] = [];

/** A port the OS has just handed out and taken back (METRICS_PORT=0 means off, so the test picks one). */
const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer().once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? ok(addr.port) : fail(new Error('no port'))));
    });
  });

const server = (): Running => running ?? fail();
function fail(): never {
  throw new Error('server not running');
}
const at = (path: string) => new URL(path, server().url);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(at(`api/${path}`), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const scrape = async (): Promise<Map<string, Family>> => {
  const res = await fetch(server().metricsUrl ?? fail());
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
};
/** Every http_requests_total series as "route method status" → count. */
const requestCounts = (f: Map<string, Family>) =>
  new Map(samplesOf(f, 'http_requests_total').map((s) => [`${s.labels['route']} ${s.labels['method']} ${s.labels['status']}`, s.value]));
const accessLines = () => logged.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l['msg'] === 'request');

beforeAll(async () => {
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'index.html'), `<!doctype html><title>${marker}</title>`);
  setLogSink((_level, line) => logged.push(line));
  const url = process.env['DATABASE_URL'];
  running = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: String(await freePort()),
      ACCESS_LOG: 'true',
      INSTANCE_ID: 'scrape-test',
      DATA_DIR: join(dir, 'data'),
      STATIC_DIR: join(dir, 'dist'),
      MARKET_FEED: 'false',
      DEMO: 'true',
      ...(url ? { DATABASE_URL: await createTestDatabase(url, 'cw_test_metrics') } : {}),
    }),
  );
});

afterAll(async () => {
  await running?.stop();
  setLogSink(undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('the metrics listener', () => {
  it('listens on loopback, apart from the public listener, and serves only GET /metrics', async () => {
    const metricsUrl = new URL(server().metricsUrl ?? fail());
    expect(metricsUrl.hostname).toBe('127.0.0.1');
    expect(metricsUrl.port).not.toBe(new URL(server().url).port);
    expect((await fetch(new URL('/', metricsUrl))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });

  it('counts exactly the requests made, by route pattern, method and status, and the orders placed and refused', async () => {
    const before = await scrape();
    const btc = (await loadProducts(server().deps.db)).find((p) => p.symbol === 'BTCUSDT') ?? fail();
    // A fresh price, so the market is open for an order now (the feed is off in this test).
    await recordTicks(server().deps.db, btc, [[Date.now(), '67000.00']]);

    const statuses: string[] = [];
    const sent = async (route: string, method: string, res: Response) => {
      await res.arrayBuffer();
      statuses.push(`${route} ${method} ${res.status}`);
      return res;
    };
    await sent('/api/product/list', 'GET', await fetch(at('api/product/list')));
    await sent('/api/product/list', 'GET', await fetch(at('api/product/list?category=crypto&x=1')));
    await sent('/api/product/details', 'POST', await post('product/details', { id: btc.id }));
    const refused = await sent('/api/user/login', 'POST', await post('user/login', { username: 'nobody1', password: 'wrong-password' }));
    expect(refused.status).toBe(401);
    const login = await post('user/login', { username: DEMO.username, password: DEMO.password });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    statuses.push(`/api/user/login POST ${login.status}`);
    const order = { productId: btc.id, direction: 'rise', amount: '10.00', cycle: 30 };
    expect((await sent('/api/order/create', 'POST', await post('order/create', order, { authorization: token }))).status).toBe(200);
    expect((await sent('/api/order/create', 'POST', await post('order/create', { ...order, amount: '0.01' }, { authorization: token }))).status).toBe(400);
    expect((await sent('other', 'GET', await fetch(at('api/no/such/path/123?id=42')))).status).toBe(404);
    expect((await sent('/*', 'GET', await fetch(at('orderrecord?tab=2')))).status).toBe(200);

    const after = await scrape();
    const expected = new Map<string, number>();
    for (const s of statuses) expected.set(s, (expected.get(s) ?? 0) + 1);
    const was = requestCounts(before);
    const moved = new Map([...requestCounts(after)].map(([k, v]): [string, number] => [k, v - (was.get(k) ?? 0)]).filter(([, d]) => d !== 0));
    expect(Object.fromEntries(moved)).toEqual(Object.fromEntries(expected));
    // No label holds a raw URL: no query string, no id.
    for (const s of samplesOf(after, 'http_requests_total')) expect(s.labels['route']).not.toMatch(/[?]|\/\d/);

    const histogram = (name: string, route: string, method: string) => valueOf(after, name, { route, method }) - valueOf(before, name, { route, method });
    expect(histogram('http_request_duration_seconds_count', '/api/product/list', 'GET')).toBe(2);
    expect(histogram('http_request_duration_seconds_sum', '/api/product/list', 'GET')).toBeGreaterThan(0);
    expect(histogram('http_request_duration_seconds_count', '/api/order/create', 'POST')).toBe(2);

    expect(valueOf(after, 'orders_created_total') - valueOf(before, 'orders_created_total')).toBe(1);
    const refusedBy = (f: Map<string, Family>) => valueOf(f, 'order_create_failures_total', { reason: 'error.below_minimum' });
    expect(refusedBy(after) - refusedBy(before)).toBe(1);

    // Two product/list reads: each either computed its answer or shared one (the same second, the same question).
    const cache = (name: string) => valueOf(after, name, { route: '/api/product/list' }) - valueOf(before, name, { route: '/api/product/list' });
    expect(cache('micro_cache_hits_total') + cache('micro_cache_misses_total')).toBe(2);
    expect(cache('micro_cache_misses_total')).toBeGreaterThanOrEqual(1);
  });

  it('shows the singleton jobs this instance leads, the pool on PostgreSQL, and Node\'s own metrics', async () => {
    const f = await scrape();
    // The feed is off in this test, so its jobs (market-feed, settlement) do not run here at all.
    const jobs = Object.fromEntries(samplesOf(f, 'job_leader').map((s) => [s.labels['job'], s.value]));
    expect(jobs).toEqual({ accrual: 1, cashback: 1, 'session-pruning': 1 });
    if (process.env['DATABASE_URL']) {
      expect(f.get('db_pool_connections_in_use')?.type).toBe('gauge');
      // Idle alone can read 0: a background job may hold the pool's only open connection at that moment, or the pool
      // may have closed it after 10 s idle (pg's default). A request that reads the database just before the scrape
      // leaves one open, idle or in use.
      expect((await post('product/details', { id: 1 })).status).toBeLessThan(500);
      const after = await scrape();
      expect(valueOf(after, 'db_pool_connections_idle') + valueOf(after, 'db_pool_connections_in_use')).toBeGreaterThanOrEqual(1);
      expect(valueOf(after, 'db_pool_waiting')).toBe(0);
    } else {
      // PGlite has no pool: nothing is reported rather than numbers that mean something else.
      expect(f.has('db_pool_connections_in_use')).toBe(false);
    }
    expect(f.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(f.get('process_cpu_seconds_total')?.type).toBe('counter');
  });

  it('counts a live stream while it is open', async () => {
    const streams = async () => valueOf(await scrape(), 'live_streams_open');
    expect(await streams()).toBe(0);
    // Plain, not gzip: fetch would undo the gzip before the reader, which undoes it again.
    const res = await fetch(at('api/product/live?quotes=1'), { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    const live = readLive(res);
    await live.next();
    expect(await streams()).toBe(1);
    await live.close();
    await expect.poll(streams, { timeout: 5_000 }).toBe(0);
  });
});

describe('the public listener', () => {
  it('has no /metrics: the path is the app\'s page like any other, never the metrics', async () => {
    for (const path of ['metrics', 'api/metrics']) {
      const res = await fetch(at(path));
      const text = await res.text();
      expect(text).not.toContain('http_requests_total');
      expect(text).not.toContain('# TYPE');
      if (path === 'metrics') expect([res.status, text.includes(marker)]).toEqual([200, true]);
      else expect([res.status, JSON.parse(text)]).toEqual([404, expect.objectContaining({ msg: 'error.not_found' })]);
    }
  });
});

describe('request ids and the access log', () => {
  it('echoes a sane X-Request-Id and makes one otherwise, on API answers, errors and pages', async () => {
    expect((await fetch(at('api/product/list'), { headers: { 'x-request-id': 'edge-42.a_b' } })).headers.get('x-request-id')).toBe('edge-42.a_b');
    for (const res of [await fetch(at('api/product/list'), { headers: { 'x-request-id': 'bad id/with spaces' } }), await fetch(at('api/nope')), await fetch(at('hq'))]) {
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('writes one JSON line per request with the route pattern and nothing of the member\'s', async () => {
    const username = 'privatename77';
    const password = 'hunter2-private';
    const token = 'Bearer sometokenvalue0123456789';
    logged.length = 0;
    const res = await fetch(at('api/user/login?utm_source=secretquery'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, 'x-request-id': 'trace-7', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ username, password }),
    });
    expect(res.status).toBe(401);
    const lines = accessLines();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toEqual({
      t: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: 'info',
      msg: 'request',
      id: 'trace-7',
      method: 'POST',
      route: '/api/user/login',
      status: 401,
      ms: expect.any(Number),
      instance: 'scrape-test',
    });
    const text = logged.join('\n');
    for (const secret of [username, password, 'sometokenvalue', 'secretquery', 'utm_source', '203.0.113.9', '127.0.0.1']) expect(text).not.toContain(secret);
  });

  it('gives the bytes of an answer that declares its length, and the stream\'s line when it ends', async () => {
    logged.length = 0;
    const read = await fetch(at('api/product/list?since=1'), { headers: { 'accept-encoding': 'identity' } });
    const body = await read.arrayBuffer();
    await expect.poll(() => accessLines().length).toBe(1);
    expect(accessLines()[0]).toMatchObject({ route: '/api/product/list', method: 'GET', status: 200, bytes: body.byteLength });

    logged.length = 0;
    const live = readLive(await fetch(at('api/product/live?quotes=1'), { headers: { 'accept-encoding': 'identity' } }));
    await live.next();
    expect(accessLines()).toEqual([]);
    await live.close();
    await expect.poll(() => accessLines().length).toBe(1);
    expect(accessLines()[0]).toMatchObject({ route: '/api/product/live', method: 'GET', status: 200 });
  });
});

// Three instances on one PostgreSQL behind nginx, configured as deploy/nginx/ ships it, reached over HTTPS and
// HTTP/2 as phones reach it: static files from disk in the build's brotli or gzip, one upstream request per public
// market question per second however many watch it, members' own calls never from the cache, and the live stream
// passed on as it comes. PostgreSQL only (skipped on PGlite), like the other scale tests; needs Debian's nginx
// with libnginx-mod-http-brotli-static (npm test installs both) and the build in dist/ (npm test builds it first).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ClientHttp2Session } from 'node:http2';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/contract/api.ts';
import { loadConfig } from '../config.ts';
import { openPostgres, type Database } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import type { Deps } from '../deps.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import { makeDeps } from '../make-deps.ts';
import { assertLedgerInvariant, createTestDatabase } from '../testing/harness.ts';
import { dbNow, seedMembers, tradableProduct, watermark, type Member, type Product } from './db.ts';
import { h2Request, h2Session, header } from './h2.ts';
import { Instances } from './instances.ts';
import { freePort, startNginx, TEMPLATE, type AccessLine, type Nginx } from './nginx.ts';
import { FrontDoorFlow } from './rolling-flow.ts';

const url = process.env['DATABASE_URL'] ?? '';
const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

/** The market location's paths in the template must be exactly the contract's public market reads. */
describe('deploy/nginx/candlewick.conf.template', () => {
  it('caches exactly the contract\'s public market reads (flag `cached`), and nothing else under /api', () => {
    const template = readFileSync(TEMPLATE, 'utf8');
    const cachedLocations = [...template.matchAll(/location ~ \^\/api\/product\/\(\?:([a-z|]+)\)\$ \{/g)];
    expect(cachedLocations).toHaveLength(1);
    const inTemplate = (cachedLocations[0]?.[1] ?? '').split('|').map((p) => `product/${p}`).sort();
    const inContract = Object.entries(api).filter(([, e]) => 'cached' in e && e.cached).map(([path]) => path).sort();
    expect(inTemplate).toEqual(inContract);
    expect(template.match(/proxy_cache candlewick_market;/g)).toHaveLength(1);
  });
});

describe.skipIf(!url)('three instances behind nginx (HTTPS, HTTP/2)', () => {
  let instances: Instances | undefined;
  let nginx: Nginx | undefined;
  let database: Database | undefined;
  let deps: Deps | undefined;
  let members: Member[] = [];
  let product: Product | undefined;
  let ports: number[] = [];
  const sessions: ClientHttp2Session[] = [];

  const proxy = (): Nginx => {
    if (!nginx) throw new Error('beforeAll did not finish');
    return nginx;
  };
  const session = async (): Promise<ClientHttp2Session> => {
    const s = await h2Session(proxy().httpsOrigin, proxy().ca);
    sessions.push(s);
    return s;
  };
  /** Access log lines of requests sent after `from` (the log's length then). */
  const linesSince = (from: number): AccessLine[] => proxy().lines().slice(from);
  /** nginx writes a request's line once it has finished it, which may be just after the client has its last byte. */
  const loggedSince = async (from: number, count: number): Promise<AccessLine[]> => {
    await vi.waitFor(() => expect(linesSince(from).length).toBeGreaterThanOrEqual(count), { timeout: 5_000, interval: 20 });
    return linesSince(from);
  };

  beforeAll(async () => {
    if (!existsSync(join(DIST, 'index.html'))) throw new Error('no build in dist/: run `npx vite build` first (npm test builds before this section)');
    const dbUrl = await createTestDatabase(url);
    // The instances believe X-Forwarded-* from nginx only, as TRUST_PROXY says in production.
    const group = new Instances(dbUrl, { staticDir: DIST, env: { TRUST_PROXY: '127.0.0.1' } });
    instances = group;
    ports = [await freePort(), await freePort(), await freePort()];
    await group.start('cw-a', { port: ports[0] });
    await Promise.all([group.start('cw-b', { port: ports[1] }), group.start('cw-c', { port: ports[2] })]);
    nginx = await startNginx({ upstreams: ports.map((p) => `127.0.0.1:${p}`), staticRoot: DIST });
    database = await openPostgres(dbUrl);
    deps = makeDeps(database, loadConfig({ DATABASE_URL: dbUrl, MARKET_FEED: 'false' }));
    members = await seedMembers(deps.db, 2, await dbNow(deps.db));
    product = await tradableProduct(deps.db);
  }, 120_000);

  afterAll(async () => {
    for (const s of sessions) s.destroy();
    await nginx?.stop();
    await instances?.stopAll();
    await database?.close();
  }, 60_000);

  it('hashed assets come from disk as the build\'s brotli (gzip for a gzip-only client); pages come from the app', async () => {
    const h2 = await session();
    const asset = readdirSync(join(DIST, 'assets')).find((f) => f.endsWith('.js') && existsSync(join(DIST, 'assets', `${f}.br`)) && existsSync(join(DIST, 'assets', `${f}.gz`)));
    if (asset === undefined) throw new Error('the build has no .js asset with .br and .gz copies');
    const from = proxy().lines().length;

    const br = await h2Request(h2, { ':path': `/assets/${asset}`, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(header(br.headers, 'content-encoding')).toBe('br');
    expect(br.body.equals(readFileSync(join(DIST, 'assets', `${asset}.br`)))).toBe(true);
    expect(header(br.headers, 'content-type')).toBe('application/javascript');
    expect(header(br.headers, 'cache-control')).toBe('public, max-age=31536000, immutable');
    expect(header(br.headers, 'vary')).toMatch(/accept-encoding/i);
    // The same document headers the app gives its files, the index page's style hash aside.
    expect(header(br.headers, 'content-security-policy')).toBe(contentSecurityPolicy([]));
    expect(header(br.headers, 'x-content-type-options')).toBe('nosniff');

    // A client that takes only gzip, over HTTP/1.1.
    const gz = await h1Get(`${proxy().httpsOrigin}/assets/${asset}`, { 'accept-encoding': 'gzip' }, proxy().ca);
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(join(DIST, 'assets', `${asset}.gz`)))).toBe(true);

    // A file this build does not have (an older page's, mid-upgrade) is asked of an instance (checked in the log).
    await h2Request(h2, { ':path': '/assets/not-in-this-build-0000.js' });

    // A page: index.html from the app, with its CSP (the inline style's hash).
    const page = await h2Request(h2, { ':path': '/xq', 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(header(page.headers, 'content-type')).toMatch(/^text\/html/);
    expect(header(page.headers, 'cache-control')).toBe('no-cache');
    expect(header(page.headers, 'content-security-policy')).toMatch(/style-src-elem 'self' 'sha256-/);
    // Behind TLS at nginx, the app knows it is HTTPS (X-Forwarded-Proto from a TRUST_PROXY address).
    expect(header(page.headers, 'strict-transport-security')).toMatch(/max-age=/);

    const log = await loggedSince(from, 4);
    const assetLines = log.filter((l) => l.uri === `/assets/${asset}`);
    expect(assetLines.map((l) => [l.status, l.upstream, l.encoding])).toEqual([
      [200, '', 'br'],
      [200, '', 'gzip'],
    ]);
    expect(log.find((l) => l.uri === '/assets/not-in-this-build-0000.js')?.upstream).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(log.find((l) => l.uri === '/xq')?.upstream).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('plain HTTP is sent to HTTPS; the operator endpoint, metrics and health are not reachable from outside', async () => {
    const plain = await h1Get(`${proxy().httpOrigin}/xq?tab=1`, {});
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe(`${proxy().httpsOrigin}/xq?tab=1`);
    const h2 = await session();
    const from = proxy().lines().length;
    for (const path of ['/internal/operator', '/metrics', '/healthz', '/readyz']) {
      const answer = await h2Request(h2, { ':path': path, ':method': 'POST', 'content-type': 'application/json' }, '{}');
      expect(answer.status, path).toBe(404);
    }
    expect((await loggedSince(from, 4)).map((l) => l.upstream)).toEqual(['', '', '', '']);
  });

  it('500 watchers of two market questions: at most one upstream request per question per second; members\' own calls never cached', async () => {
    if (!product) throw new Error('beforeAll did not finish');
    const questions = [`/api/product/kdata?id=${product.id}&interval=1m&limit=100`, `/api/product/trunover?id=${product.id}`];
    const WATCHERS = 500;
    const ROUNDS = 16;
    // HTTP/2 allows nginx's 128 streams per connection: five phones' worth of connections, 100 watchers each.
    const connections = await Promise.all(Array.from({ length: 5 }, () => session()));
    const from = proxy().lines().length;
    const seen: { readonly status: number; readonly code: unknown; readonly cache: string; readonly timing: string; readonly serverTime: string }[] = [];
    await Promise.all(
      Array.from({ length: WATCHERS }, async (_, w) => {
        const h2 = connections[w % connections.length];
        if (!h2) throw new Error('no connection');
        for (let round = 0; round < ROUNDS; round++) {
          const answer = await h2Request(h2, { ':path': questions[(w + round) % questions.length], 'accept-encoding': 'identity' });
          const body = JSON.parse(answer.body.toString('utf8')) as { code?: unknown };
          seen.push({ status: answer.status, code: body.code, cache: header(answer.headers, 'x-cache'), timing: header(answer.headers, 'server-timing'), serverTime: header(answer.headers, 'x-server-time') });
          // A watcher's poll interval (load shaping only: nothing waits on this for a result).
          await pause(250);
        }
      }),
    );
    expect(seen).toHaveLength(WATCHERS * ROUNDS);
    expect(seen.filter((s) => s.status !== 200 || s.code !== 0)).toEqual([]);
    // A cached answer is marked as no clock sample (its serverTime is not this request's); one fetched now is not.
    for (const s of seen) {
      if (s.cache === 'HIT' || s.cache === 'UPDATING' || s.cache === 'STALE') expect([s.timing, s.serverTime]).toEqual(['app;dur=60000, cache;desc=nginx', '']);
      else expect(s.timing).toMatch(/^app;dur=\d+$/);
    }

    // Upstream requests per question, each placed in a second by the answering instance's own clock (X-Server-Time).
    const log = linesSince(from);
    const report: string[] = [];
    for (const question of questions) {
      const asked = log.filter((l) => l.uri === question);
      const upstream = asked.filter((l) => l.upstream !== '');
      const perSecond = new Map<number, number>();
      for (const l of upstream) {
        const second = Math.floor(Number(l.server_time) / 1000);
        expect(Number.isFinite(second), JSON.stringify(l)).toBe(true);
        perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      }
      const seconds = Math.max(...asked.map((l) => l.msec)) - Math.min(...asked.map((l) => l.msec));
      expect(asked.length).toBe((WATCHERS * ROUNDS) / questions.length);
      expect(Math.max(...perSecond.values()), JSON.stringify([...perSecond])).toBe(1);
      const byCache = new Map<string, number>();
      for (const l of asked) byCache.set(l.cache || '-', (byCache.get(l.cache || '-') ?? 0) + 1);
      const caches = [...byCache].map(([k, n]) => `${k} ${n}`).join(', ');
      report.push(`${question.replace(/\?.*/, '')}: ${asked.length} requests in ${seconds.toFixed(1)} s, ${upstream.length} upstream (${(upstream.length / seconds).toFixed(2)}/s, at most ${Math.max(...perSecond.values())} in any second) [${caches}]`);
    }

    // A member's own call: answered by an instance every time, each member their own answer, never cached.
    const h2 = await session();
    const memberFrom = proxy().lines().length;
    for (let i = 0; i < 4; i++) {
      for (const member of members) {
        const answer = await h2Request(h2, { ':path': '/api/user/details', ':method': 'POST', 'content-type': 'application/json', authorization: member.token }, '{}');
        const body = JSON.parse(answer.body.toString('utf8')) as { code: number; data?: { username?: string } };
        expect(body.data?.username).toBe(member.username);
        expect(header(answer.headers, 'cache-control')).toBe('private, no-store');
        expect(header(answer.headers, 'x-cache')).toBe('');
      }
    }
    // A market question asked with a member's token neither reads nor fills the cache.
    for (const member of members) {
      const answer = await h2Request(h2, { ':path': questions[0], authorization: member.token, 'accept-encoding': 'identity' });
      expect(answer.status).toBe(200);
      expect(header(answer.headers, 'x-cache')).toBe('BYPASS');
    }
    const memberLines = await loggedSince(memberFrom, members.length * 5);
    expect(memberLines).toHaveLength(members.length * 5);
    expect(memberLines.filter((l) => !/^127\.0\.0\.1:\d+$/.test(l.upstream))).toEqual([]);
    console.log(`behind nginx, ${WATCHERS} watchers x ${ROUNDS} rounds over HTTP/2:\n  ${report.join('\n  ')}`);
  }, 120_000);

  it('the live stream passes through unbuffered: its events arrive while it is open', async () => {
    if (!product) throw new Error('beforeAll did not finish');
    const h2 = await session();
    const stream = h2.request({ ':path': `/api/product/live?watch=${product.id}` });
    let status = 0;
    let contentType = '';
    let text = '';
    let ended = false;
    stream.on('response', (h) => {
      status = Number(h[':status']);
      contentType = header(h, 'content-type');
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => (ended = true));
    stream.on('error', () => (ended = true));
    // Two events (the first: the latest trades; the next: the feed's next second), and the answer still open.
    await vi.waitFor(() => expect(text.split('\n\n').length - 1).toBeGreaterThanOrEqual(2), { timeout: 15_000, interval: 20 });
    expect(ended).toBe(false);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/event-stream/);
    stream.close();
  });

  it('a rolling restart (SIGTERM each instance in turn, as systemd does) while orders go through nginx: none fails, each is created and settled once, one tick a second', async () => {
    if (!instances || !deps || !product) throw new Error('beforeAll did not finish');
    const group = instances;
    const db = deps.db;
    const flow = new FrontDoorFlow(session, members, product);
    const from = await dbNow(db);
    flow.start();
    const progress = async (more: number) => {
      const target = flow.placed.length + more;
      await vi.waitFor(() => expect(flow.placed.length).toBeGreaterThanOrEqual(target), { timeout: 30_000, interval: 50 });
    };
    await progress(10);
    const restarts: string[] = [];
    for (const [index, name] of ['cw-a', 'cw-b', 'cw-c'].entries()) {
      const instance = group.live.find((i) => i.name === name);
      if (!instance) throw new Error(`${name} is not running`);
      const t0 = await dbNow(db);
      // The graceful stop (start.ts) ends with exit 0.
      expect(await group.terminate(instance)).toEqual({ code: 0, signal: null });
      const down = await dbNow(db);
      // Back on its port, as `Restart=` or the next unit version would bring it; nginx finds it there.
      await group.start(name, { port: ports[index] });
      const back = await dbNow(db);
      restarts.push(`${name}: stopped in ${down - t0} ms, back after ${back - down} ms`);
      // As docs/deploy.md's rolling restart says: the next instance stops only once nginx sends this one requests
      // again (it takes a failed instance back after fail_timeout). Stopping it sooner leaves nginx with no
      // instance it believes alive, and it refuses everything until one comes back ("no live upstreams").
      const address = `127.0.0.1:${ports[index] ?? 0}`;
      const served = () => nginx?.lines().filter((l) => l.upstream === address && l.status === 200).length ?? 0;
      const servedBefore = served();
      await vi.waitFor(() => expect(served()).toBeGreaterThan(servedBefore), { timeout: 30_000, interval: 50 });
      await progress(10);
    }
    await flow.stop();
    await vi.waitFor(
      async () => {
        const [open] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 'open'`);
        expect(open?.n).toBe(0);
      },
      { timeout: 90_000, interval: 250 },
    );
    const to = Math.floor((await watermark(db)) / 1000) * 1000;

    // No request failed, and every answer is one order, stored once.
    expect(flow.failed).toEqual([]);
    const stored = await rows<{ order_no: string }>(db, sql`SELECT order_no FROM orders WHERE open_time >= ${from}`);
    expect(stored.map((o) => o.order_no).sort()).toEqual([...flow.placed].sort());
    // Settled once: stake and fee debited once, one payout for a win or a draw and none for a loss.
    const misbooked = await rows<{ order_no: string }>(
      db,
      sql`SELECT o.order_no FROM orders o JOIN LATERAL (
            SELECT count(*) FILTER (WHERE l.type = 'order_stake')::int AS stakes, count(*) FILTER (WHERE l.type = 'order_fee')::int AS fees,
                   count(*) FILTER (WHERE l.type = 'order_payout')::int AS payouts
            FROM ledger l WHERE l.ref = o.order_no AND l.user_id = o.user_id
          ) e ON true
          WHERE o.open_time >= ${from} AND (e.stakes <> 1 OR e.fees <> 1 OR e.payouts <> CASE WHEN o.status = 'lost' THEN 0 ELSE 1 END)`,
    );
    expect(misbooked).toEqual([]);
    await assertLedgerInvariant(deps);
    // One feed at a time across three hand-overs of its leadership: every second has its one tick.
    const start = Math.ceil(from / 1000) * 1000;
    const ticks = await rows<{ symbol: string; n: number }>(
      db,
      sql`SELECT p.symbol, count(*)::int AS n FROM products p JOIN ticks k ON k.product_id = p.id
          WHERE p.session = 'always' AND k.t BETWEEN ${start} AND ${to} GROUP BY p.symbol ORDER BY p.symbol`,
    );
    const seconds = (to - start) / 1000 + 1;
    expect(ticks.length).toBeGreaterThanOrEqual(5);
    expect(ticks).toEqual(ticks.map((t) => ({ symbol: t.symbol, n: seconds })));
    const retried = proxy().lines().filter((l) => l.uri === '/api/order/create' && l.upstream.includes(','));
    console.log(`rolling restart through nginx: ${restarts.join('; ')}; ${flow.placed.length} orders, ${flow.failed.length} failed, ${retried.length} sent on to another instance by nginx (${retried.map((l) => `${l.upstream_status}`).join('; ')}); ticks ${seconds} s x ${ticks.length} products`);
  }, 240_000);
});

/** GET over HTTP/1.1 (https when `ca` is given), the body as bytes as they came (no decoding). */
function h1Get(target: string, headers: Record<string, string>, ca?: Buffer): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const options = { headers, ...(ca ? { ca } : {}) };
    const request = (ca ? httpsRequest : httpRequest)(target, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

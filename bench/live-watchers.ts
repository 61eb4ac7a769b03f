// A crowd on /xq: one real server instance holds LIVE_WATCHERS (2,000) live streams of BTCUSDT (GET product/live,
// gzip, as /xq's worker opens it) over real HTTP, for LIVE_SECONDS (60). Every 20th stream is opened by this
// process, decoded, and every trade in it timed from its stamp to its arrival (the same machine's clock); the others
// only drain their bytes, in a second process (bench/live-drain.ts), so the load client stays light and the timed
// streams do not wait behind 1,900 other sockets on one event loop. Then the same crowd again with /xq's other polls at their
// periods (kdata and the hold list every 10 s, the product's orders every 15 s, one member each).
//   PG_STATEMENTS=1 bash scripts/with-postgres.sh npx tsx bench/live-watchers.ts    (PostgreSQL)
//   npx tsx bench/live-watchers.ts                                                (PGlite, no DATABASE_URL)
// Reports tick-to-arrival p50/p95/max, trades missed, doubled or out of order (against the ticks table on
// PostgreSQL; against one trade a second on PGlite), the server's, PostgreSQL's and the client's (both processes) CPU (from /proc)
// per second and per watcher, the server's RSS per watcher, and the time to open the 2,000. In the same run: one
// watcher alone (the latency floor), an idle server (the feed's own CPU), and product/trunover asked as the 2 s
// poll asked it (CPU per request, so per member-second). BENCH: p95 at 2,000 watchers against p95 with 1.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PERIOD_MS } from '../src/workers/periods.ts';
import { cpuMeter, cpuMs, databaseUrl, postJson, seedMembers, serverDatabaseUrl, startInstance, stop, tradableProduct } from './instances.ts';
import { checkTrades, openWatcher, openWatchers, quantile, rssBytes, type Watcher } from './live-client.ts';
import { benchLine, formatNumber } from './stats.ts';

const WATCHERS = Number(process.env['LIVE_WATCHERS'] ?? 2000);
const SECONDS = Number(process.env['LIVE_SECONDS'] ?? 60);
/** Every SAMPLE_EVERY-th stream is decoded and timed: 100 of 2,000. */
const SAMPLE_EVERY = Number(process.env['LIVE_SAMPLE_EVERY'] ?? 20);
/** LIVE_POLLS=0: the streams alone, without /xq's other polls. */
const POLLS = process.env['LIVE_POLLS'] !== '0';
/** From the crowd's opening to its measurement: long enough for every stream to take its cohort's shared events. */
const SETTLE_MS = 15_000;
const url = process.env['DATABASE_URL'] ?? '';
const onPostgres = url !== '';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const second = (t: number) => Math.floor(t / 1000) * 1000;
const getAgent = new Agent({ keepAlive: true, maxSockets: 256 });

/** A GET over a kept-alive connection (node:http: lighter than fetch for the load client); its status. */
function get(target: string, headers: Readonly<Record<string, string>> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(target, { agent: getAgent, headers: { 'accept-encoding': 'br', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Window {
  readonly seconds: number;
  readonly serverMs: number;
  readonly postgresMs: number;
  readonly clientMs: number;
}

/** The load client's process that drains most of the crowd (bench/live-drain.ts). */
const drain: ChildProcess = fork('bench/live-drain.ts', [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
process.on('exit', () => drain.kill('SIGKILL'));
/** Asks the drain process and waits for its answer of the same op. */
function askDrain<T>(message: Readonly<Record<string, unknown>>): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (answer: { op: string; error?: string }) => {
      if (answer.op === 'failed') reject(new Error(answer.error));
      else if (answer.op === (message['op'] === 'open' ? 'opened' : message['op'])) resolve(answer as T);
      else return;
      drain.off('message', on);
    };
    drain.on('message', on);
    drain.send(message);
  });
}

/** Runs `during` while measuring the CPU of the server, PostgreSQL and the load client (this process and the drain). */
async function measured(pid: number, during: () => Promise<void>): Promise<Window> {
  const meter = cpuMeter([pid]);
  const drainFrom = cpuMs(drain.pid ?? 0);
  const clientFrom = process.cpuUsage();
  const from = performance.now();
  await during();
  const seconds = (performance.now() - from) / 1000;
  const cpu = meter.end();
  const client = process.cpuUsage(clientFrom);
  const drained = cpuMs(drain.pid ?? 0) - drainFrom;
  return { seconds, serverMs: cpu.serverMs, postgresMs: onPostgres ? cpu.postgresMs : 0, clientMs: (client.user + client.system) / 1000 + drained };
}

const perSecond = (w: Window, ms: number) => ms / w.seconds;

interface Latency {
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly trades: number;
}

function latencyOf(sampled: readonly Watcher[]): Latency {
  const all = sampled.flatMap((w) => w.latencies);
  return { p50: quantile(all, 0.5), p95: quantile(all, 0.95), max: all.length ? all.reduce((m, x) => Math.max(m, x), 0) : Number.NaN, trades: all.length };
}

const describeLatency = (l: Latency) => `tick-to-arrival p50 ${formatNumber(l.p50)} / p95 ${formatNumber(l.p95)} / max ${formatNumber(l.max)} ms over ${l.trades} trades`;

/** /xq's other polls for `tokens`' members at their periods, each member's start spread over the period; p95 per path. */
function pollCrowd(base: string, productId: number, tokens: readonly string[]): { stop(): Promise<{ requests: number; failed: number; p95: Record<string, number> }> } {
  const latencies: Record<string, number[]> = { kdata: [], holdList: [], productOrders: [] };
  let failed = 0;
  let requests = 0;
  const inFlight = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  const one = (label: string, ask: () => Promise<boolean>): void => {
    const started = performance.now();
    requests++;
    const p = ask()
      .then((ok) => {
        if (!ok) failed++;
        latencies[label]?.push(performance.now() - started);
      })
      .catch(() => void failed++)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const ok = (r: { status: number; body: unknown }) => r.status === 200 && (r.body as { code?: number }).code === 0;
  // As the worker asks: the hold list at its background pace (no order list on /xq), my orders with the cursor
  // of the member's last answer (the whole answer only the first time).
  const cursors = new Map<string, string>();
  const productOrders = async (token: string): Promise<boolean> => {
    const cursor = cursors.get(token);
    const r = await postJson(`${base}/api/product/orders`, { authorization: token }, cursor === undefined ? { id: productId } : { id: productId, cursor });
    const next = (r.body as { data?: { cursor?: unknown } }).data?.cursor;
    if (typeof next === 'string') cursors.set(token, next);
    return ok(r);
  };
  const polls: [string, number, (token: string) => Promise<boolean>][] = [
    ['kdata', PERIOD_MS.kdata, async () => (await get(`${base}/api/product/kdata?id=${productId}&interval=1m&since=${second(Date.now() - PERIOD_MS.kdata)}`)) === 200],
    ['holdList', PERIOD_MS.holdListBackground, async (token) => ok(await postJson(`${base}/api/order/hold_list`, { authorization: token }, { since: second(Date.now() - PERIOD_MS.holdListBackground) }))],
    ['productOrders', PERIOD_MS.productOrders, productOrders],
  ];
  // One timer a 50 ms slot per poll: each member asks once a period, in its own slot of the period.
  const SLOT_MS = 50;
  for (const [label, period, ask] of polls) {
    const slots = period / SLOT_MS;
    let slot = 0;
    timers.push(
      setInterval(() => {
        for (let m = slot; m < tokens.length; m += slots) one(label, () => ask(tokens[m] ?? ''));
        slot = (slot + 1) % slots;
      }, SLOT_MS),
    );
  }
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all([...inFlight]);
      return { requests, failed, p95: Object.fromEntries(Object.entries(latencies).map(([k, v]) => [k, quantile(v, 0.95)])) };
    },
  };
}

const name = `cw_live_${randomBytes(4).toString('hex')}`;
const dataDir = onPostgres ? '' : mkdtempSync(join(tmpdir(), 'candlewick-live-'));
const admin = onPostgres ? new pg.Client({ connectionString: url }) : null;
await admin?.connect();
await admin?.query(`CREATE DATABASE ${name}`);
const client = onPostgres ? new pg.Client({ connectionString: databaseUrl(url, name) }) : null;
const instance = onPostgres ? await startInstance(serverDatabaseUrl(url, name), 0) : await startInstance('', 0, { DATA_DIR: dataDir });
const pid = instance.child.pid ?? 0;
const open: Watcher[] = [];
try {
  let productId: number;
  let tokens: string[] = [];
  if (client) {
    await client.connect();
    productId = (await tradableProduct(client)).id;
    if (POLLS) tokens = await seedMembers(client, WATCHERS);
  } else {
    const res = await fetch(`${instance.base}/api/product/list`);
    const list = (await res.json()) as { data: { items: { id: number; symbol: string }[] } };
    const btc = list.data.items.find((p) => p.symbol === 'BTCUSDT');
    if (!btc) throw new Error('no BTCUSDT');
    productId = btc.id;
  }
  console.log(
    `live-watchers: 1 instance on ${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${WATCHERS} streams of BTCUSDT (gzip, every ${SAMPLE_EVERY}th decoded), ${SECONDS} s; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await sleep(3_000);

  // The server with nobody watching: the feed, settlement and the rest of its own work.
  const idle = await measured(pid, () => sleep(10_000));
  console.log(`idle server: ${formatNumber(perSecond(idle, idle.serverMs))} CPU ms/s, PostgreSQL ${formatNumber(perSecond(idle, idle.postgresMs))} CPU ms/s`);

  // The 2 s poll it replaced: product/trunover as a crowd asks it (GET, a cursor a poll period back), 16 in flight.
  const POLL_REQUESTS = 3000;
  let asked = 0;
  const polled = await measured(pid, async () => {
    const lane = async () => {
      while (asked < POLL_REQUESTS) {
        asked++;
        await get(`${instance.base}/api/product/trunover?id=${productId}&since=${second(Date.now() - PERIOD_MS.turnover)}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, lane));
  });
  const pollMsPerRequest = (polled.serverMs + polled.postgresMs - (idle.serverMs + idle.postgresMs) * (polled.seconds / idle.seconds)) / POLL_REQUESTS;
  const pollMsPerMemberSecond = pollMsPerRequest * (1000 / PERIOD_MS.turnover);
  console.log(
    `2 s turnover poll: ${formatNumber(pollMsPerRequest)} CPU ms per request (server + PostgreSQL, above idle) -> ${formatNumber(pollMsPerMemberSecond)} CPU ms per member-second`,
  );

  // One watcher: the latency floor on this machine now.
  const alone = await openWatcher(instance.base, productId, true);
  open.push(alone);
  alone.timing = true;
  const single = await measured(pid, () => sleep(30_000));
  alone.timing = false;
  alone.close();
  const one = latencyOf([alone]);
  console.log(`1 watcher: ${describeLatency(one)}; server ${formatNumber(perSecond(single, single.serverMs))} CPU ms/s`);

  // The crowd.
  await sleep(1_000);
  const rssBefore = await rssBytes(pid);
  // The sampled streams here, the rest in the drain process, opened together, 100 being set up at a time in all.
  const sampledCount = Math.ceil(WATCHERS / SAMPLE_EVERY);
  const drained = WATCHERS - sampledCount;
  let setups: number[] = [];
  const opening = await measured(pid, async () => {
    const [mine, theirs] = await Promise.all([
      openWatchers(instance.base, productId, sampledCount, 1, Math.max(1, Math.round(100 / SAMPLE_EVERY))),
      drained > 0 ? askDrain<{ setupMs: number[] }>({ op: 'open', base: instance.base, productId, count: drained, parallel: 100 - Math.round(100 / SAMPLE_EVERY) }) : { setupMs: [] },
    ]);
    open.push(...mine.watchers);
    setups = [...mine.watchers.map((w) => w.setupMs), ...theirs.setupMs];
  });
  const sampled = open.slice(1);
  const crowd = { length: WATCHERS };
  const report = async () => {
    const r = drained > 0 ? await askDrain<{ bytes: number; ended: number }>({ op: 'report' }) : { bytes: 0, ended: 0 };
    return { bytes: r.bytes + sampled.reduce((s, w) => s + w.bytes, 0), ended: r.ended + sampled.filter((w) => w.ended).length };
  };
  console.log(
    `opened ${WATCHERS} streams (${sampledCount} sampled here, ${drained} drained by a second process) in ${formatNumber(opening.seconds * 1000)} ms, 100 at a time: first event after p50 ${formatNumber(quantile(setups, 0.5))} / p95 ${formatNumber(quantile(setups, 0.95))} / max ${formatNumber(quantile(setups, 1))} ms; server ${formatNumber(opening.serverMs)} CPU ms (${formatNumber(opening.serverMs / WATCHERS)} per stream)`,
  );
  // Streams take their cohort's shared events once they have sent its last 4 KB (about 12 s of events).
  await sleep(SETTLE_MS);
  const rssOpen = await rssBytes(pid);
  for (const w of sampled) w.timing = true;
  const bytesFrom = (await report()).bytes;
  const run = await measured(pid, () => sleep(SECONDS * 1000));
  for (const w of sampled) w.timing = false;
  const bytes = (await report()).bytes - bytesFrom;
  const rssEnd = await rssBytes(pid);
  const many = latencyOf(sampled);
  const above = (w: Window) => perSecond(w, w.serverMs) - perSecond(idle, idle.serverMs);
  const abovePg = (w: Window) => perSecond(w, w.postgresMs) - perSecond(idle, idle.postgresMs);
  const streamMsPerWatcherSecond = (above(run) + abovePg(run)) / crowd.length;
  console.log(`${crowd.length} watchers: ${describeLatency(many)}; ${(await report()).ended} streams ended by the server`);
  console.log(
    `  CPU: server ${formatNumber(perSecond(run, run.serverMs))} ms/s (${formatNumber(above(run))} above idle: ${formatNumber((1000 * above(run)) / crowd.length)} µs per watcher-second), ` +
      `PostgreSQL ${formatNumber(perSecond(run, run.postgresMs))} ms/s, the client ${formatNumber(perSecond(run, run.clientMs))} ms/s`,
  );
  console.log(
    `  server RSS ${formatNumber(rssBefore / 2 ** 20)} MB before, ${formatNumber(rssOpen / 2 ** 20)} MB open, ${formatNumber(rssEnd / 2 ** 20)} MB after the run: ${formatNumber((rssOpen - rssBefore) / crowd.length / 1024)} KB per watcher; ` +
      `${formatNumber(bytes / crowd.length / run.seconds)} bytes per watcher-second on the wire`,
  );
  console.log(
    `  per watcher-second: ${formatNumber(streamMsPerWatcherSecond)} CPU ms (server + PostgreSQL above idle) against the 2 s poll's ${formatNumber(pollMsPerMemberSecond)} per member-second`,
  );

  let withPolls: Latency | null = null;
  if (POLLS && tokens.length > 0) {
    for (const w of sampled) w.timing = true;
    for (const w of sampled) w.latencies.length = 0;
    const polls = pollCrowd(instance.base, productId, tokens);
    let asked: Awaited<ReturnType<ReturnType<typeof pollCrowd>['stop']>> | null = null;
    const mixed = await measured(pid, async () => {
      await sleep(SECONDS * 1000);
      asked = await polls.stop();
    });
    for (const w of sampled) w.timing = false;
    withPolls = latencyOf(sampled);
    const a = asked as Awaited<ReturnType<ReturnType<typeof pollCrowd>['stop']>> | null;
    console.log(
      `${crowd.length} watchers with /xq's other polls (${formatNumber((a?.requests ?? 0) / mixed.seconds)} requests/s, ${a?.failed ?? 0} failed; p95 kdata ${formatNumber(a?.p95['kdata'] ?? Number.NaN)}, ` +
        `hold list ${formatNumber(a?.p95['holdList'] ?? Number.NaN)}, orders ${formatNumber(a?.p95['productOrders'] ?? Number.NaN)} ms): ${describeLatency(withPolls)}; ${(await report()).ended} streams ended by the server`,
    );
    console.log(
      `  CPU: server ${formatNumber(perSecond(mixed, mixed.serverMs))} ms/s, PostgreSQL ${formatNumber(perSecond(mixed, mixed.postgresMs))} ms/s, the client ${formatNumber(perSecond(mixed, mixed.clientMs))} ms/s; load average ${loadavg()[0]?.toFixed(2)}`,
    );
  }

  // Every trade once and in order: each sampled stream against what was recorded from its first event to its last.
  let recorded: number[];
  const lastW = sampled.reduce((m, w) => Math.max(m, w.lastW), 0);
  const firstW = sampled.reduce((m, w) => Math.min(m, w.firstW), Number.POSITIVE_INFINITY);
  if (client) {
    const r = await client.query<{ t: string }>('SELECT t::text FROM ticks WHERE product_id = $1 AND t > $2 AND t <= $3 ORDER BY t', [productId, firstW, lastW]);
    recorded = r.rows.map((row) => Number(row.t));
  } else {
    // PGlite is the server's alone; BTCUSDT trades once a second, on the second.
    recorded = [];
    for (let t = Math.ceil((firstW + 1) / 1000) * 1000; t <= lastW; t += 1000) recorded.push(t);
  }
  const checks = sampled.map((w) => checkTrades(w, recorded));
  const sum = (k: 'expected' | 'missed' | 'doubled' | 'outOfOrder') => checks.reduce((s, c) => s + c[k], 0);
  console.log(
    `every trade once: ${sampled.length} sampled streams, ${sum('expected')} trades expected (${onPostgres ? 'the ticks table' : 'one a second'}), ${sum('missed')} missed, ${sum('doubled')} doubled, ${sum('outOfOrder')} out of order`,
  );
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(benchLine(`live-watchers-${onPostgres ? 'postgres' : 'pglite'} (tick-to-arrival p95, ${crowd.length} watchers vs 1)`, many.p95, one.p95, 'ms'));
} finally {
  for (const w of open) w.close();
  drain.send({ op: 'close' });
  getAgent.destroy();
  await client?.end().catch(() => undefined);
  await stop(instance.child);
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
// The keep-alive agent of postJson holds sockets open; nothing else is left to wait for.
process.exit(0);

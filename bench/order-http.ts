// Order creation through the whole HTTP stack on a real PostgreSQL: `order/create` (auth, validation, idempotency,
// balance check, ledger) answered by 1 and then 3 server instances on one database, driven by a keep-alive client
// on the same machine. Run it on a throwaway server with PostgreSQL's default durability, and statement counts:
//   PG_DURABLE=1 PG_STATEMENTS=1 bash scripts/with-postgres.sh npx tsx bench/order-http.ts
// Prints requests per second, p50/p99, the CPU milliseconds per create in the server processes and in PostgreSQL
// (from /proc), and the statements per create (pg_stat_statements, when loaded).
// Variants: 1 instance, 3 instances, and 3 instances behind nginx (deploy/nginx's config over HTTPS, skipped
// without nginx). Baseline, in the same run, variant by variant: the same creates by the same client through the
// same variant, answered by the server as it was at ORDER_HTTP_BASELINE (default ee7016e: order/create in three
// round trips, before it became one prepared statement), run from that commit's files (bench/older-build.ts) on a
// fresh database of its own. Each variant prints one line
//   BENCH order creates (<variant>): ours <creates/s> creates/s, baseline <creates/s> creates/s, ratio <baseline/ours>
// (throughputs: a ratio under 1 is ours faster). Before each run, pgbench's default TPC-B-like transaction runs on
// the same server for as long with as many clients (bench/pgbench.ts): printed as the machine's yardstick at that
// moment, not a baseline (it is another workload). A last line compares 3 instances with 1. Every process it
// starts is stopped when it ends, also on failure.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Agent as HttpsAgent } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startNginx, type Nginx } from '../server/scale/nginx.ts';
import { cpuMeter, databaseUrl, httpsAgent, postJson, seedMembers, serverDatabaseUrl, startInstance, statementCounter, stop, tradableProduct, type Product } from './instances.ts';
import { checkout } from './older-build.ts';
import { preparePgbench, type Pgbench } from './pgbench.ts';
import { benchLine, formatNumber } from './stats.ts';

const MEMBERS = 200;
/** Requests in flight at once, spread round-robin over the instances. */
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 32);
const WARMUP_MS = 3_000;
const MEASURE_MS = Number(process.env['BENCH_SECONDS'] ?? 15) * 1000;
const BASELINE_COMMIT = process.env['ORDER_HTTP_BASELINE'] ?? 'ee7016e';

const url = process.env['DATABASE_URL'] ?? '';
if (!url) {
  console.log('order-http: needs DATABASE_URL (run it through scripts/with-postgres.sh); skipped.');
  process.exit(0);
}

interface Result {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly serverCpuMsPerCreate: number;
  /** This process, the load generator. */
  readonly clientCpuMsPerCreate: number;
  readonly postgresCpuMsPerCreate: number;
  /** null without pg_stat_statements. */
  readonly statementsPerCreate: number | null;
}

async function load(bases: readonly string[], tokens: readonly string[], product: Product, pids: readonly number[], statements: Awaited<ReturnType<typeof statementCounter>>, tls?: HttpsAgent): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let stopAt = Number.POSITIVE_INFINITY;
  let next = 0;
  const one = async (): Promise<void> => {
    const i = next++;
    const base = bases[i % bases.length] ?? '';
    const token = tokens[i % tokens.length] ?? '';
    const started = performance.now();
    const res = await postJson(`${base}/api/order/create`, { authorization: token, 'idempotency-key': randomUUID() }, {
      productId: product.id,
      direction: i % 2 === 0 ? 'rise' : 'fall',
      amount: product.amount,
      cycle: product.cycle,
    }, tls);
    const body = res.body as { code?: number; msg?: string };
    if (res.status !== 200 || body.code !== 0) {
      errors++;
      if (errors <= 3) console.log(`  error ${res.status}: ${body.msg ?? ''}`);
    }
    if (measuring) latencies.push(performance.now() - started);
  };
  const worker = async () => {
    while (performance.now() < stopAt) await one();
  };
  const warmupEnd = performance.now() + WARMUP_MS;
  stopAt = warmupEnd + MEASURE_MS;
  const workers = Array.from({ length: CONCURRENCY }, worker);
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  await statements?.reset();
  const meter = cpuMeter(pids);
  const clientFrom = process.cpuUsage();
  measuring = true;
  const measuredFrom = performance.now();
  await Promise.all(workers);
  const elapsed = (performance.now() - measuredFrom) / 1000;
  const cpu = meter.end();
  const client = process.cpuUsage(clientFrom);
  // Includes the instances' own background statements in the window (the feed's tick per second, settlement).
  const calls = statements ? await statements.calls() : null;
  if (statements && process.env['BENCH_TOP_STATEMENTS']) for (const row of await statements.top(12)) console.log(`  ${row.calls.padStart(7)}  ${row.query}`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  const n = Math.max(1, latencies.length);
  return {
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    serverCpuMsPerCreate: cpu.serverMs / n,
    clientCpuMsPerCreate: (client.user + client.system) / 1000 / n,
    postgresCpuMsPerCreate: cpu.postgresMs / n,
    statementsPerCreate: calls === null ? null : calls / n,
  };
}

interface Variant {
  readonly name: string;
  readonly instances: number;
  readonly nginx: boolean;
}

/** nginx's master and its workers (their CPU is the proxy's share of a create). */
const withChildren = (pid: number): number[] => {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    return [pid, ...children];
  } catch {
    return [pid];
  }
};

/** One variant answered by this checkout's server, or by the one in `serverDir` (the baseline's). */
async function run(variant: Variant, yardstick: Pgbench | null, serverDir?: string): Promise<{ result: Result; tps: number | null }> {
  const { instances } = variant;
  const name = `cw_http_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const children: ChildProcess[] = [];
  let nginx: Nginx | undefined;
  const staticRoot = mkdtempSync(join(tmpdir(), 'cw-bench-static-'));
  try {
    // The first instance migrates and seeds; the others start on the migrated database.
    let at = performance.now();
    const env = variant.nginx ? { TRUST_PROXY: '127.0.0.1' } : {};
    const first = await startInstance(serverDatabaseUrl(url, name), 0, env, serverDir);
    console.log(`  first instance up (migrate, seed, market backfill) in ${formatNumber((performance.now() - at) / 1000)} s`);
    at = performance.now();
    children.push(first.child);
    const rest = await Promise.all(Array.from({ length: instances - 1 }, (_, i) => startInstance(serverDatabaseUrl(url, name), i + 1, env, serverDir)));
    children.push(...rest.map((r) => r.child));
    if (instances > 1) console.log(`  ${instances - 1} more instance(s) up in ${formatNumber((performance.now() - at) / 1000)} s`);
    const direct = [first.base, ...rest.map((r) => r.base)];
    if (variant.nginx) nginx = await startNginx({ upstreams: direct.map((b) => new URL(b).host), staticRoot });
    const client = new pg.Client({ connectionString: databaseUrl(url, name) });
    await client.connect();
    const tokens = await seedMembers(client, MEMBERS);
    const product = await tradableProduct(client);
    const statements = await statementCounter(client);
    // The machine's yardstick just before the load, on the same server with the instances up (idle but for their feed's tick).
    const tps = yardstick ? await yardstick.run(CONCURRENCY, MEASURE_MS / 1000) : null;
    const pids = children.map((c) => c.pid ?? 0);
    const proxyPids = nginx ? withChildren(nginx.pid) : [];
    const result = await load(nginx ? [nginx.httpsOrigin] : direct, tokens, product, [...pids, ...proxyPids], statements, nginx ? httpsAgent(nginx.ca) : undefined);
    await client.end();
    console.log(
      `${variant.name}${serverDir ? ` (baseline ${BASELINE_COMMIT})` : ''}, ${CONCURRENCY} in flight: ${formatNumber(result.perSecond)} order creates/s, p50 ${formatNumber(result.p50)} ms, ` +
        `p99 ${formatNumber(result.p99)} ms, ${result.errors} errors; CPU per create: server${nginx ? ' (nginx included)' : ''} ${formatNumber(result.serverCpuMsPerCreate)} ms, ` +
        `PostgreSQL ${formatNumber(result.postgresCpuMsPerCreate)} ms, the client ${formatNumber(result.clientCpuMsPerCreate)} ms; statements per create: ${result.statementsPerCreate === null ? 'not counted (PG_STATEMENTS=1)' : formatNumber(result.statementsPerCreate)}` +
        `; pgbench ${tps === null ? 'not run' : `${formatNumber(tps)} tps`}; load average ${loadavg()[0]?.toFixed(2)}`,
    );
    return { result, tps };
  } finally {
    await nginx?.stop();
    await Promise.all(children.map(stop));
    rmSync(staticRoot, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Ours, then the baseline's server through the same variant, and the line comparing their creates per second. */
async function compare(variant: Variant): Promise<Result> {
  const ours = await run(variant, yardstick);
  const before = await run(variant, yardstick, baselineDir);
  // An error answers fast: a side with errors would not be creating orders at the rate it shows.
  if (ours.result.errors > 0 || before.result.errors > 0) console.log(`order creates (${variant.name}): errors (ours ${ours.result.errors}, baseline ${before.result.errors}), no BENCH line`);
  // As time per create (the inverse of the rate), so the ratio reads like every other line's: above 1, ours is faster.
  else console.log(benchLine(`order creates (${variant.name})`, 1000 / ours.result.perSecond, 1000 / before.result.perSecond, 'ms/create'));
  return ours.result;
}

console.log(`order-http: ${CONCURRENCY} in flight, ${MEASURE_MS / 1000} s measured after ${WARMUP_MS / 1000} s; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const workDir = mkdtempSync(join(tmpdir(), 'cw-bench-order-http-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));
const baselineDir = checkout(BASELINE_COMMIT, workDir);
const yardstick = await preparePgbench(url);
if (!yardstick) console.log('  no pgbench under /usr/lib/postgresql/*/bin (Debian\'s postgresql-client): no yardstick');
const hasNginx = spawnSync('nginx', ['-v']).status === 0;
try {
  const one = await compare({ name: '1 instance', instances: 1, nginx: false });
  // BENCH_ONLY_ONE=1: the single instance alone (profiling it, e.g. with NODE_OPTIONS=--cpu-prof).
  if (!process.env['BENCH_ONLY_ONE']) await theRest(one);
} finally {
  await yardstick?.drop();
}

async function theRest(one: Result): Promise<void> {
  const three = await compare({ name: '3 instances', instances: 3, nginx: false });
  if (hasNginx) {
    await compare({ name: '3 instances behind nginx', instances: 3, nginx: true });
  } else {
    console.log('order creates (3 instances behind nginx): skipped, nginx is not installed');
  }
  console.log(`target: 1 instance >= 1,000 creates/s at p99 <= 50 ms -> ${one.perSecond >= 1000 && one.p99 <= 50 ? 'met' : 'NOT met'}; 3 instances >= 0.8 x 1 -> ${three.perSecond >= 0.8 * one.perSecond ? 'met' : 'NOT met'}`);
  console.log(benchLine('order creates over HTTP on PostgreSQL (3 instances vs 1)', 1000 / three.perSecond, 1000 / one.perSecond, 'ms/create'));
}

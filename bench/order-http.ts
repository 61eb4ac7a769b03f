// Order creation through the whole HTTP stack on a real PostgreSQL: `order/create` (auth, validation, idempotency,
// balance check, ledger) answered by 1 and then 3 server instances on one database, driven by a keep-alive client
// on the same machine. Run it on a throwaway server with PostgreSQL's default durability, and statement counts:
//   PG_DURABLE=1 PG_STATEMENTS=1 bash scripts/with-postgres.sh npx tsx bench/order-http.ts
// Prints requests per second, p50/p99, the CPU milliseconds per create in the server processes and in PostgreSQL
// (from /proc), and the statements per create (pg_stat_statements, when loaded). The BENCH line compares 3
// instances (ours) with 1 (baseline). Every process it starts is stopped when it ends, also on failure.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { cpuMeter, databaseUrl, postJson, seedMembers, serverDatabaseUrl, startInstance, statementCounter, stop, tradableProduct, type Product } from './instances.ts';
import { formatNumber } from './stats.ts';

const MEMBERS = 200;
/** Requests in flight at once, spread round-robin over the instances. */
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 32);
const WARMUP_MS = 3_000;
const MEASURE_MS = Number(process.env['BENCH_SECONDS'] ?? 15) * 1000;

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

async function load(bases: readonly string[], tokens: readonly string[], product: Product, pids: readonly number[], statements: Awaited<ReturnType<typeof statementCounter>>): Promise<Result> {
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
    });
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

async function run(instances: number): Promise<Result> {
  const name = `cw_http_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const children: ChildProcess[] = [];
  try {
    // The first instance migrates and seeds; the others start on the migrated database.
    let at = performance.now();
    const first = await startInstance(serverDatabaseUrl(url, name), 0);
    console.log(`  first instance up (migrate, seed, market backfill) in ${formatNumber((performance.now() - at) / 1000)} s`);
    at = performance.now();
    children.push(first.child);
    const rest = await Promise.all(Array.from({ length: instances - 1 }, (_, i) => startInstance(serverDatabaseUrl(url, name), i + 1)));
    children.push(...rest.map((r) => r.child));
    if (instances > 1) console.log(`  ${instances - 1} more instance(s) up in ${formatNumber((performance.now() - at) / 1000)} s`);
    const client = new pg.Client({ connectionString: databaseUrl(url, name) });
    await client.connect();
    const tokens = await seedMembers(client, MEMBERS);
    const product = await tradableProduct(client);
    const statements = await statementCounter(client);
    const pids = children.map((c) => c.pid ?? 0);
    const result = await load([first.base, ...rest.map((r) => r.base)], tokens, product, pids, statements);
    await client.end();
    console.log(
      `${instances} instance(s), ${CONCURRENCY} in flight: ${formatNumber(result.perSecond)} order creates/s, p50 ${formatNumber(result.p50)} ms, ` +
        `p99 ${formatNumber(result.p99)} ms, ${result.errors} errors; CPU per create: server ${formatNumber(result.serverCpuMsPerCreate)} ms, ` +
        `PostgreSQL ${formatNumber(result.postgresCpuMsPerCreate)} ms, the client ${formatNumber(result.clientCpuMsPerCreate)} ms; statements per create: ${result.statementsPerCreate === null ? 'not counted (PG_STATEMENTS=1)' : formatNumber(result.statementsPerCreate)}` +
        `; load average ${loadavg()[0]?.toFixed(2)}`,
    );
    return result;
  } finally {
    await Promise.all(children.map(stop));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(`order-http: ${CONCURRENCY} in flight, ${MEASURE_MS / 1000} s measured after ${WARMUP_MS / 1000} s; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const one = await run(1);
// BENCH_ONLY_ONE=1: the single instance alone (profiling it, e.g. with NODE_OPTIONS=--cpu-prof).
if (process.env['BENCH_ONLY_ONE']) process.exit(0);
const three = await run(3);
console.log(`target: 1 instance >= 1,000 creates/s at p99 <= 50 ms -> ${one.perSecond >= 1000 && one.p99 <= 50 ? 'met' : 'NOT met'}; 3 instances >= 0.8 x 1 -> ${three.perSecond >= 0.8 * one.perSecond ? 'met' : 'NOT met'}`);
console.log(`BENCH order creates over HTTP on PostgreSQL (3 instances vs 1): ours ${formatNumber(three.perSecond)} req/s, baseline ${formatNumber(one.perSecond)} req/s, ratio ${formatNumber(one.perSecond / three.perSecond)}`);

// Order creation through the whole HTTP stack on a real PostgreSQL: `order/create` (auth, validation, idempotency,
// balance check, ledger) answered by 1 and then 3 server instances on one database, driven by a keep-alive client
// on the same machine. Run it on a throwaway server: `bash scripts/with-postgres.sh npx tsx bench/order-http.ts`.
// Prints requests per second and p50/p99 per setup; the BENCH line compares 3 instances (ours) with 1 (baseline).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { tokenHash } from '../server/auth/tokens.ts';
import { formatNumber } from './stats.ts';

const MEMBERS = 200;
/** Requests in flight at once, spread round-robin over the instances. */
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 64);
const WARMUP_MS = 3_000;
const MEASURE_MS = Number(process.env['BENCH_SECONDS'] ?? 15) * 1000;

const url = process.env['DATABASE_URL'];
if (!url) {
  console.log('order-http: needs DATABASE_URL (run it through scripts/with-postgres.sh); skipped.');
  process.exit(0);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const databaseUrl = (name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function startInstance(db: string, index: number): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('npx', ['--no-install', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: db, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: 'bench/.no-static', DEMO: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // A benchmark may poll for readiness; it asserts nothing about time.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${index} exited with ${child.exitCode}`);
    try {
      // Any answer from the API means the instance is serving.
      await fetch(`${base}/api/common/config`);
      return { base, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Members with funded accounts (through ledger rows) and a session token each, written straight into the database. */
async function seedMembers(client: pg.Client): Promise<string[]> {
  await client.query(`INSERT INTO users (username, phone, password_hash, invite_code)
    SELECT 'http' || i, '138' || lpad(i::text, 8, '0'), 'x', 'HTTP' || i FROM generate_series(1, ${MEMBERS}) i`);
  await client.query(`INSERT INTO accounts (user_id, available) SELECT id, 100000000000 FROM users WHERE username LIKE 'http%'`);
  await client.query(`INSERT INTO ledger (user_id, type, amount, available_delta, balance_after, ref)
    SELECT a.user_id, 'adjust', a.available, a.available, a.available, 'bench funding' FROM accounts a JOIN users u ON u.id = a.user_id
    WHERE u.username LIKE 'http%'`);
  const { rows } = await client.query<{ id: number }>(`SELECT id FROM users WHERE username LIKE 'http%' ORDER BY id`);
  const tokens: string[] = [];
  for (const { id } of rows) {
    const token = randomBytes(32).toString('base64url');
    await client.query(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 day')`, [tokenHash(token), id]);
    tokens.push(token);
  }
  return tokens;
}

interface Product {
  readonly id: number;
  readonly cycle: number;
  readonly amount: string;
}

/** A product that is open around the clock (crypto), its shortest cycle and its minimum amount. */
async function tradableProduct(client: pg.Client): Promise<Product> {
  const { rows } = await client.query<{ id: number; seconds: number; min_amount: string }>(
    `SELECT p.id, min(c.seconds) AS seconds, p.min_amount::text FROM products p JOIN product_cycles c ON c.product_id = p.id
     WHERE p.symbol = 'BTCUSDT' GROUP BY p.id, p.min_amount`,
  );
  const row = rows[0];
  if (!row) throw new Error('no BTCUSDT product');
  return { id: row.id, cycle: row.seconds, amount: (Number(row.min_amount) / 100).toFixed(2) };
}

interface Result {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

async function load(bases: readonly string[], tokens: readonly string[], product: Product): Promise<Result> {
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
    const res = await fetch(`${base}/api/order/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ productId: product.id, direction: i % 2 === 0 ? 'rise' : 'fall', amount: product.amount, cycle: product.cycle }),
    });
    const body = (await res.json()) as { code?: number; msg?: string };
    if (!res.ok || body.code !== 0) {
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
  measuring = true;
  const measuredFrom = performance.now();
  await Promise.all(workers);
  const elapsed = (performance.now() - measuredFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
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
    const first = await startInstance(databaseUrl(name), 0);
    console.log(`  first instance up (migrate, seed, market backfill) in ${formatNumber((performance.now() - at) / 1000)} s`);
    at = performance.now();
    children.push(first.child);
    const rest = await Promise.all(Array.from({ length: instances - 1 }, (_, i) => startInstance(databaseUrl(name), i + 1)));
    children.push(...rest.map((r) => r.child));
    if (instances > 1) console.log(`  ${instances - 1} more instance(s) up in ${formatNumber((performance.now() - at) / 1000)} s`);
    const client = new pg.Client({ connectionString: databaseUrl(name) });
    await client.connect();
    const tokens = await seedMembers(client);
    const product = await tradableProduct(client);
    await client.end();
    const result = await load([first.base, ...rest.map((r) => r.base)], tokens, product);
    console.log(
      `${instances} instance(s), ${CONCURRENCY} in flight: ${formatNumber(result.perSecond)} order creates/s, p50 ${formatNumber(result.p50)} ms, ` +
        `p99 ${formatNumber(result.p99)} ms, ${result.errors} errors`,
    );
    return result;
  } finally {
    await Promise.all(children.map(stop));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const one = await run(1);
const three = await run(3);
console.log(`BENCH order creates over HTTP on PostgreSQL (3 instances vs 1): ours ${formatNumber(three.perSecond)} req/s, baseline ${formatNumber(one.perSecond)} req/s, ratio ${formatNumber(one.perSecond / three.perSecond)}`);

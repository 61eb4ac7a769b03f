// What the HTTP benchmarks on PostgreSQL share: server instances as child processes (always stopped), members
// with funded accounts and sessions written straight into the database, the CPU the servers and PostgreSQL use
// (from /proc), and the statements PostgreSQL ran (pg_stat_statements, loaded by PG_STATEMENTS=1).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type pg from 'pg';
import { tokenHash } from '../server/auth/tokens.ts';

/** Every server this bench started and that has not exited: killed when the bench exits, however it exits. */
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

/** CPU milliseconds a process has used so far (user + system, from /proc; 0 once it is gone). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // After the command: state is field 3, utime and stime are fields 14 and 15, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The postmaster scripts/with-postgres.sh started (its data directory sits beside the socket directory it names),
 * or null when that is not known.
 */
function ourPostmaster(): number | null {
  const socketDir = process.env['DATABASE_SOCKET_DIR'];
  if (!socketDir) return null;
  try {
    const pid = Number(readFileSync(join(socketDir, '..', 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PostgreSQL's processes (the postmaster, its backends and workers): those of the bench's own server when it is
 * known, since other PostgreSQL servers on a shared machine are no part of what is measured; else every one.
 */
export function postgresPids(): number[] {
  const postmaster = ourPostmaster();
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return false;
        if (postmaster === null || pid === postmaster) return true;
        // The fourth field of stat (after the command) is the parent.
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
}

/** CPU used from now until `end()`, by the given processes and by PostgreSQL's (backends come and go). */
export function cpuMeter(pids: readonly number[]) {
  const before = new Map<number, number>();
  for (const pid of [...pids, ...postgresPids()]) before.set(pid, cpuMs(pid));
  const used = (list: readonly number[]) => list.reduce((sum, pid) => sum + cpuMs(pid) - (before.get(pid) ?? 0), 0);
  return { end: () => ({ serverMs: used(pids), postgresMs: used(postgresPids()) }) };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export const databaseUrl = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * What the servers connect with: over the Unix socket with-postgres.sh names, unless BENCH_DB_TCP=1. On this VM
 * a write to a loopback TCP socket cost 100-200 µs of the writer's CPU (the kernel delivers it in the sender's
 * time), a quarter of the server's CPU per order; a database on the same machine is reached over its socket.
 */
export function serverDatabaseUrl(url: string, name: string): string {
  const dir = process.env['DATABASE_SOCKET_DIR'];
  if (!dir || process.env['BENCH_DB_TCP'] === '1') return databaseUrl(url, name);
  const u = new URL(url);
  return `postgres://${u.username}@localhost:${u.port}/${name}?host=${encodeURIComponent(dir)}`;
}

/**
 * `env`: more of the server's environment (e.g. `DATA_DIR` for a PGlite instance, with `db` empty). `dir`: another
 * checkout to run the server from (an older commit's, bench/older-build.ts `checkout`), to compare two versions
 * under the same load; BENCH_SERVER_DIR gives it to every bench.
 */
export async function startInstance(db: string, index: number, env: Readonly<Record<string, string>> = {}, dir = process.env['BENCH_SERVER_DIR']): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  // Node itself (not npx, whose child outlived a SIGTERM and held the terminal open), so stop() stops the server.
  // BENCH_NODE_FLAGS: flags for the servers' Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them).
  const flags = process.env['BENCH_NODE_FLAGS']?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/main.ts'], {
    ...(dir ? { cwd: dir } : {}),
    env: { ...process.env, DATABASE_URL: db, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: 'bench/.no-static', DEMO: 'true', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
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

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Members with funded accounts (through ledger rows) and a session token each, written straight into the database. */
export async function seedMembers(client: pg.Client, members: number): Promise<string[]> {
  await client.query(`INSERT INTO users (username, phone, password_hash, invite_code)
    SELECT 'http' || i, '138' || lpad(i::text, 8, '0'), 'x', 'HTTP' || i FROM generate_series(1, ${members}) i`);
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

export interface Product {
  readonly id: number;
  readonly cycle: number;
  readonly amount: string;
}

/** A product that is open around the clock (crypto), its shortest cycle and its minimum amount. */
export async function tradableProduct(client: pg.Client): Promise<Product> {
  const { rows } = await client.query<{ id: number; seconds: number; min_amount: string }>(
    `SELECT p.id, min(c.seconds) AS seconds, p.min_amount::text FROM products p JOIN product_cycles c ON c.product_id = p.id
     WHERE p.symbol = 'BTCUSDT' GROUP BY p.id, p.min_amount`,
  );
  const row = rows[0];
  if (!row) throw new Error('no BTCUSDT product');
  return { id: row.id, cycle: row.seconds, amount: (Number(row.min_amount) / 100).toFixed(2) };
}

/** pg_stat_statements on the bench's database, if the server loaded it (PG_STATEMENTS=1). */
export async function statementCounter(
  client: pg.Client,
): Promise<{ reset(): Promise<void>; calls(): Promise<number>; top(n: number): Promise<{ calls: string; query: string }[]> } | null> {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT count(*) FROM pg_stat_statements');
  } catch {
    return null;
  }
  const mine = 'dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE \'%pg_stat_statements%\'';
  return {
    reset: async () => void (await client.query('SELECT pg_stat_statements_reset()')),
    calls: async () => Number((await client.query<{ n: string }>(`SELECT coalesce(sum(calls), 0)::text AS n FROM pg_stat_statements WHERE ${mine}`)).rows[0]?.n ?? 0),
    /** The most called statements since the reset, their first words: what a request costs the database. */
    top: async (n: number) =>
      (await client.query<{ calls: string; query: string }>(`SELECT calls::text, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query FROM pg_stat_statements WHERE ${mine} ORDER BY calls DESC LIMIT ${n}`)).rows,
  };
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 256 });

/** Kept-alive HTTPS connections that trust `ca` (nginx's self-signed certificate), for postJson. */
export const httpsAgent = (ca: Buffer) => new HttpsAgent({ keepAlive: true, maxSockets: 256, ca });

/**
 * POSTs JSON over a kept-alive connection and answers the status and parsed body. node:http, not fetch: the load
 * generator shares the two cores with what it measures, and fetch cost it about twice the CPU per request.
 */
export function postJson(url: string, headers: Readonly<Record<string, string>>, body: unknown, tls?: HttpsAgent): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(body);
  const send = tls ? httpsRequest : request;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: 'POST', agent: tls ?? keepAlive, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

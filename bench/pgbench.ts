// PostgreSQL's own yardstick on the server a benchmark measures: pgbench's default TPC-B-like transaction (three
// UPDATEs, a SELECT and an INSERT, one durable commit each, as the server is configured) in a database of its own.
// What the machine and the server can do right now, measured in the same run as ours, so a ratio against it holds
// up on a shared, noisy machine where absolute figures do not.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Debian's newest pgbench (postgresql-client / postgresql-contrib), or null when none is installed. */
export function pgbenchBinary(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(`${root}/${v}/bin/pgbench`)) return `${root}/${v}/bin/pgbench`;
  return null;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function pgbench(binary: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      running.delete(child);
      if (code === 0) resolve(out);
      else reject(new Error(`pgbench ${args.join(' ')} exited with ${code}: ${out}`));
    });
  });
}

export interface Pgbench {
  /** Transactions per second of `clients` clients on 2 threads for `seconds`. */
  run(clients: number, seconds: number): Promise<number>;
  drop(): Promise<void>;
}

/**
 * A scale-1 pgbench database beside the bench's own (same server, same settings), reached as the instances reach
 * theirs: over the Unix socket with-postgres.sh names, when it names one. Null without pgbench.
 */
export async function preparePgbench(url: string): Promise<Pgbench | null> {
  const binary = pgbenchBinary();
  if (!binary) return null;
  const name = `cw_pgbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  const socketDir = process.env['DATABASE_SOCKET_DIR'];
  const conn = ['-h', socketDir && process.env['BENCH_DB_TCP'] !== '1' ? socketDir : u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username) || 'postgres'];
  await pgbench(binary, ['-i', '-s', '1', '-q', ...conn, name]);
  return {
    async run(clients, seconds) {
      const out = await pgbench(binary, ['-c', String(clients), '-j', '2', '-T', String(seconds), ...conn, name]);
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
      if (tps === undefined) throw new Error(`no tps in pgbench's output: ${out}`);
      return Number(tps);
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

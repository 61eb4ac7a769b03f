import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema, type Schema } from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations). */
  exec(script: string): Promise<void>;
  /**
   * Runs `work` while holding the lock named `name`, so two processes (or two calls) never run it at once: on
   * PostgreSQL a session advisory lock on a connection of its own, outside the pool; on PGlite, whose data directory only one process
   * can open, a queue in this process.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as a tarball, for test snapshots. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/** The advisory-lock class of `exclusive`; the lock's name's hashtext is the second key (leader.ts has its own class). */
const EXCLUSIVE_CLASS = 0x43570002;

/** One after another, in the order asked: PGlite's `exclusive`. */
function queue(): Database['exclusive'] {
  let tail: Promise<unknown> = Promise.resolve();
  return (_name, work) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = loadDataDir ? await PGlite.create({ loadDataDir }) : await PGlite.create(dataDir ? { dataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (script) => void (await client.exec(script)),
    exclusive: queue(),
    dump: async () => client.dumpDataDir('gzip'),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server drops (restart, failover, admin kill) must not take the process down:
  // the pool discards that client and the next query opens a new one.
  pool.on('error', (e: Error & { code?: string }) => console.error(`[db] idle connection lost (${e.code ?? e.message}); the pool reconnects on demand`));
  // bigint (int8) and numeric come back as strings from pg; keep them exact.
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    exec: async (script) => void (await pool.query(script)),
    exclusive: async (name, work) => {
      // A session outside the pool: `work` runs on the pool, which may hold one connection only. Ending the session
      // releases its lock, also when the connection was lost.
      const held = new pg.Client({ connectionString: url });
      await held.connect();
      try {
        await held.query('SELECT pg_advisory_lock($1, hashtext($2))', [EXCLUSIVE_CLASS, name]);
        return await work();
      } finally {
        await held.end().catch(() => undefined);
      }
    },
    dump: () => Promise.reject(new Error('dump is for PGlite only')),
    close: () => pool.end(),
  };
}

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
  /** PGlite only: the data directory as a tarball, for test snapshots. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = loadDataDir ? await PGlite.create({ loadDataDir }) : await PGlite.create(dataDir ? { dataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (script) => void (await client.exec(script)),
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
    dump: () => Promise.reject(new Error('dump is for PGlite only')),
    close: () => pool.end(),
  };
}

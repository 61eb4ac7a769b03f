import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, useTestServer } from '../testing/harness.ts';
import { openPglite, openPostgres, type Database } from './client.ts';
import { migrate } from './migrate.ts';
import { rows } from './rows.ts';

const s = useTestServer();
const files = readdirSync(fileURLToPath(new URL('./migrations/', import.meta.url))).filter((f) => f.endsWith('.sql')).sort();
const applied = () => rows<{ name: string; at: string }>(s.deps.db, sql`SELECT name, applied_at::text AS at FROM schema_migrations ORDER BY name`);
const tables = () => rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`);

describe('migrations', () => {
  it('recorded every migration file exactly once', async () => {
    expect(files.length).toBeGreaterThan(0);
    expect((await applied()).map((r) => r.name)).toEqual(files);
  });

  it('are idempotent: a second and third run apply nothing and keep schema and data', async () => {
    const before = { applied: await applied(), tables: await tables() };
    const users = await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM users`);
    expect(await migrate(s.database)).toEqual([]);
    expect(await migrate(s.database)).toEqual([]);
    expect(await applied()).toEqual(before.applied);
    expect(await tables()).toEqual(before.tables);
    expect(await rows(s.deps.db, sql`SELECT count(*)::int AS n FROM users`)).toEqual(users);
  });

  it('run on the database the environment names: a real PostgreSQL server when DATABASE_URL is set', async () => {
    const url = process.env['DATABASE_URL'];
    const [info] = await rows<{ version: string; port: number | null }>(s.deps.db, sql`SELECT version() AS version, inet_server_port() AS port`);
    if (url) {
      expect(s.database.kind).toBe('postgres');
      // PGlite answers no server port (there is no socket); a real server answers the one in the URL.
      expect(Number(info?.port)).toBe(Number(new URL(url).port || 5432));
      expect(info?.version).not.toMatch(/emscripten|wasm/i);
    } else {
      expect(s.database.kind).toBe('pglite');
      expect(info?.port).toBeNull();
    }
  });

  it('started twice at once on an empty database (two processes on PostgreSQL), apply each migration once, and both succeed', async () => {
    const url = process.env['DATABASE_URL'];
    let opened: [Database, Database];
    if (url) {
      const fresh = await createTestDatabase(url, 'cw_migrate');
      // One with a pool of one connection (DATABASE_POOL=1): the lock must not take the connection the work needs.
      opened = [await openPostgres(fresh, 1), await openPostgres(fresh)];
    } else {
      const one = await openPglite(undefined);
      opened = [one, one];
    }
    try {
      const results = await Promise.all(opened.map((database) => migrate(database)));
      // Whichever ran first applied everything; the other found nothing left to do.
      expect(results.sort((a, b) => b.length - a.length)).toEqual([files, []]);
      const recorded = await rows<{ name: string }>(opened[0].db, sql`SELECT name FROM schema_migrations ORDER BY name`);
      expect(recorded.map((r) => r.name)).toEqual(files);
    } finally {
      await Promise.all([...new Set(opened)].map((database) => database.close()));
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rows } from './rows.ts';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));

const migrationFiles = () => readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();

/** The newest migration this build knows: a database that has it applied has every one this code expects. */
export const latestMigration = (): string => migrationFiles().at(-1) ?? '';

/**
 * Applies each migrations/NNNN_name.sql once, in order, each in its own transaction. Several processes may start
 * at once on one database (a rolling restart): they take turns, and each reads what is applied only once it has
 * its turn, so none applies a migration another has just applied.
 */
export function migrate(database: Database): Promise<string[]> {
  return database.exclusive('schema migrations', () => applyPending(database));
}

async function applyPending(database: Database): Promise<string[]> {
  await database.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set(
    (await rows<{ name: string }>(database.db, sql`SELECT name FROM schema_migrations`)).map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    if (done.has(file)) continue;
    const script = readFileSync(dir + file, 'utf8');
    const name = file.replace(/'/g, "''");
    await database.exec(`BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
    applied.push(file);
  }
  return applied;
}

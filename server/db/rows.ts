import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** Raw SQL rows; both drivers answer `{ rows }`, but the shared Db type cannot say so. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * rows() as a named prepared statement, for a hot path's statement: PostgreSQL parses and plans its text once per
 * connection instead of on every call. The name comes from the text, so two texts never share one (node-postgres
 * refuses a name reused with another text). PGlite ignores the name.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (name === undefined) {
    name = `cw_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    // The texts of the few statements prepared this way; bounded in case one ever varies with its input.
    if (names.size < 1_000) names.set(text, name);
  }
  const result = await db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute();
  return (result as unknown as { rows: T[] }).rows;
}

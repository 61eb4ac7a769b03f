import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Raw SQL rows; both drivers answer `{ rows }`, but the shared Db type cannot say so. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

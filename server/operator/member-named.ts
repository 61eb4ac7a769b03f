import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/core.ts';

/** The id of the member the operator named (usernames are unique without regard to case, as at login). */
export async function memberNamed(db: Db, username: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  if (!u) throw new Error(`No member named ${username}`);
  return u.id;
}

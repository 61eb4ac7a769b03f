import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { fieldError } from '../http/errors.ts';

// Zones the database said it knows. A fact about the database's time zone files, not a member's state: at most
// the few hundred names it lists.
const known = new Set<string>(['UTC']);

/**
 * `zone` when the database knows it (its rules decide every day boundary, in order/create's statement too), else
 * the field's error: a zone it did not know would fail every later order of the member.
 */
export async function knownZone(db: Db, zone: string, field = 'timeZone'): Promise<string> {
  if (known.has(zone)) return zone;
  const [r] = await rows<{ ok: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${zone}) AS ok`);
  if (r?.ok !== true) throw fieldError(field, 'field.invalid');
  known.add(zone);
  return zone;
}

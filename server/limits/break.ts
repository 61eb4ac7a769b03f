import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { ApiError } from '../http/errors.ts';
import { inForce } from './columns.ts';

/**
 * Refuses money into trading while the member is on a break they took (the deposit address and the deposit
 * itself, so nobody sends money they could not declare). Withdrawals never ask: a break never keeps a member's
 * money in.
 */
export async function refuseDuringBreak(db: Db, userId: number, now: number): Promise<void> {
  const at = sql`${now}::int8`;
  const [on] = await rows<{ on: boolean }>(db, sql`SELECT (${inForce('break_until', at)}) > ${at} AS on FROM trading_limits l WHERE l.user_id = ${userId}`);
  if (on?.on === true) throw new ApiError('error.limit_break');
}

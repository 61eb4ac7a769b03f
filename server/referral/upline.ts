import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pgArray } from '../db/pg-array.ts';
import { rows } from '../db/rows.ts';
import { REFERRAL_GENERATIONS } from '../domain/referral-rates.ts';

export interface Upline {
  readonly id: number;
  readonly generation: number;
}

/** The member's inviters, nearest first, at most nine generations. */
export async function uplineOf(db: Db, userId: number): Promise<Upline[]> {
  return (await uplinesOf(db, [userId])).get(userId) ?? [];
}

/**
 * The inviters of many members in one recursive query, each list nearest first, at most nine generations.
 * Members without an inviter are absent from the map. The depth bound also makes a cycle in the tree (which
 * registration cannot create, but a hand-edited database could) harmless.
 */
export async function uplinesOf(db: Db, userIds: readonly number[]): Promise<Map<number, Upline[]>> {
  const out = new Map<number, Upline[]>();
  const distinct = [...new Set(userIds)];
  if (!distinct.length) return out;
  const found = await rows<{ source: number | string; id: number | string; generation: number | string }>(
    db,
    sql`WITH RECURSIVE up(source, id, generation) AS (
          SELECT u.id, u.inviter_id, 1 FROM users u
          WHERE u.id = ANY(${pgArray(distinct)}::int[]) AND u.inviter_id IS NOT NULL
          UNION ALL
          SELECT up.source, u.inviter_id, up.generation + 1 FROM users u JOIN up ON u.id = up.id
          WHERE u.inviter_id IS NOT NULL AND up.generation < ${REFERRAL_GENERATIONS}
        )
        SELECT source, id, generation FROM up ORDER BY source, generation`,
  );
  for (const r of found) {
    const source = Number(r.source);
    const list = out.get(source) ?? [];
    if (!out.has(source)) out.set(source, list);
    list.push({ id: Number(r.id), generation: Number(r.generation) });
  }
  return out;
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { REFERRAL_GENERATIONS } from '../domain/referral-rates.ts';

/**
 * The member's inviters, nearest first, at most nine generations. The depth bound also makes a cycle in the
 * tree (which registration cannot create, but a hand-edited database could) harmless.
 */
export async function uplineOf(db: Db, userId: number): Promise<{ id: number; generation: number }[]> {
  const found = await rows<{ id: number | string; generation: number | string }>(
    db,
    sql`WITH RECURSIVE up(id, generation) AS (
          SELECT inviter_id, 1 FROM users WHERE id = ${userId} AND inviter_id IS NOT NULL
          UNION ALL
          SELECT u.inviter_id, up.generation + 1 FROM users u JOIN up ON u.id = up.id
          WHERE u.inviter_id IS NOT NULL AND up.generation < ${REFERRAL_GENERATIONS}
        )
        SELECT id, generation FROM up ORDER BY generation`,
  );
  return found.map((r) => ({ id: Number(r.id), generation: Number(r.generation) }));
}

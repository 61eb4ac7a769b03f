import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { REFERRAL_GENERATIONS } from '../domain/referral-rates.ts';
import { cents, type Cents } from '../../src/shared/money.ts';

const RECENT = 20;

/** The member's team, nine generations down: head count per generation and the newest members. */
export async function teamOf(db: Db, userId: number) {
  const team = sql`WITH RECURSIVE team(id, generation) AS (
      SELECT id, 1 FROM users WHERE inviter_id = ${userId}
      UNION ALL
      SELECT u.id, team.generation + 1 FROM users u JOIN team ON u.inviter_id = team.id
      WHERE team.generation < ${REFERRAL_GENERATIONS} AND u.id <> ${userId}
    )`;
  const counts = await rows<{ generation: number | string; members: number | string }>(
    db,
    sql`${team} SELECT generation, count(DISTINCT id) AS members FROM team GROUP BY generation`,
  );
  const recent = await rows<{ username: string; created_at: Date | string; generation: number | string }>(
    db,
    sql`${team} SELECT u.username, u.created_at, min(team.generation) AS generation
        FROM team JOIN users u ON u.id = team.id
        GROUP BY u.id, u.username, u.created_at ORDER BY u.created_at DESC, u.id DESC LIMIT ${RECENT}`,
  );
  return {
    members: new Map(counts.map((c) => [Number(c.generation), Number(c.members)])),
    recent: recent.map((r) => ({ username: r.username, registeredAt: new Date(r.created_at).getTime(), generation: Number(r.generation) })),
  };
}

/** Cashback received per generation, in cents. */
export async function cashbackByGeneration(db: Db, userId: number): Promise<Map<number, Cents>> {
  const sums = await rows<{ generation: number | string; total: string | number | bigint }>(
    db,
    sql`SELECT generation, sum(amount)::text AS total FROM referral_cashback WHERE beneficiary_id = ${userId} GROUP BY generation`,
  );
  return new Map(sums.map((s) => [Number(s.generation), cents(BigInt(s.total))]));
}

/** Shows enough of a username to recognise a friend without publishing strangers' names: "alice99" -> "al***9". */
export function maskUsername(name: string): string {
  if (name.length <= 3) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-1)}`;
}

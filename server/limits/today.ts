// A member's day so far, by the orders opened on it in the member's time zone: what user/limits shows, what the
// reality check reports, and where a member's first setting starts the day's counters.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { cents, type Cents } from '../../src/shared/money.ts';

export interface Today {
  /** The member's date, YYYY-MM-DD. */
  readonly day: string;
  /** Stakes of the day's orders. */
  readonly turnover: Cents;
  /** Stakes and fees of the day's orders. */
  readonly cost: Cents;
  /** What the day's settled orders paid back. */
  readonly paid: Cents;
  /** Stakes and fees of the day's orders still open. */
  readonly open: Cents;
  /** Payouts less stakes and fees of the day's settled orders. */
  readonly net: Cents;
  /** When the day's first order was placed, and its number; null: none yet. */
  readonly first: { readonly at: number; readonly orderNo: string } | null;
}

/** The member's date at `now` (epoch ms) in `zone`, as SQL. */
export const dateIn = (now: SQL, zone: SQL): SQL => sql`((timestamptz 'epoch' + ${now} * interval '1 millisecond') AT TIME ZONE ${zone})::date`;

/** The moment (epoch ms, SQL) a date of the member's calendar begins in `zone`. */
export const startOf = (date: SQL, zone: SQL): SQL => sql`(extract(epoch FROM (${date})::timestamp AT TIME ZONE ${zone}) * 1000)::int8`;

interface TodayRow {
  day: string;
  turnover: string;
  cost: string;
  paid: string;
  open: string;
  net: string;
  first_at: string | null;
  first_no: string | null;
}

/** The member's day at `now` in `zone` (a zone the database knows). */
export async function todayOf(db: Db, userId: number, now: number, zone: string): Promise<Today> {
  const z = sql`${zone}::text`;
  const [r] = await rows<TodayRow>(
    db,
    sql`WITH d AS (SELECT ${dateIn(sql`${now}::int8`, z)} AS day),
      b AS (SELECT d.day, ${startOf(sql`d.day`, z)} AS from_ms, ${startOf(sql`d.day + 1`, z)} AS to_ms FROM d),
      o AS (SELECT o.* FROM b JOIN orders o ON o.user_id = ${userId} AND o.open_time >= b.from_ms AND o.open_time < b.to_ms)
      SELECT b.day::text AS day,
        (SELECT coalesce(sum(o.amount), 0) FROM o)::text AS turnover,
        (SELECT coalesce(sum(o.amount + o.fee), 0) FROM o)::text AS cost,
        (SELECT coalesce(sum(o.payout), 0) FROM o WHERE o.status <> 'open')::text AS paid,
        (SELECT coalesce(sum(o.amount + o.fee), 0) FROM o WHERE o.status = 'open')::text AS open,
        (SELECT coalesce(sum(o.payout - o.amount - o.fee), 0) FROM o WHERE o.status <> 'open')::text AS net,
        f.open_time::text AS first_at, f.order_no AS first_no
      FROM b LEFT JOIN LATERAL (SELECT o.open_time, o.order_no FROM o ORDER BY o.id LIMIT 1) f ON true`,
  );
  if (!r) throw new Error('the day query answered no row');
  const c = (s: string) => cents(BigInt(s));
  return {
    day: r.day,
    turnover: c(r.turnover),
    cost: c(r.cost),
    paid: c(r.paid),
    open: c(r.open),
    net: c(r.net),
    first: r.first_at !== null && r.first_no !== null ? { at: Number(r.first_at), orderNo: r.first_no } : null,
  };
}

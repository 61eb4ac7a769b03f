// The member's own limits inside order/create's one statement (server/market/orders.ts). The statement locks the
// member's trading_limits row first (FOR UPDATE, before the account's debit), so parallel orders of one member
// queue there, and each reads the counters the one before it left, even on a snapshot taken before that one
// committed: a burst cannot pass a limit. A member who never set a limit has no row, locks nothing and pays
// one primary-key probe.
//
// What the limits count, per day of the member's time zone:
// - turnover: the stakes of the day's orders, this one included;
// - loss: the stakes and fees of the day's orders less what the settled ones paid back, this one included, every
//   open order counted as lost (its stake is at risk until it settles). The payouts are read from the ledger in the
//   statement's snapshot: one that commits meanwhile is missed, which only refuses sooner, never later.
import { sql, type SQL } from 'drizzle-orm';
import type { ErrorKey } from '../../src/contract/errors.ts';
import type { Cents } from '../../src/shared/money.ts';
import { inForce } from './columns.ts';

export interface OrderLimits {
  /** WITH items (after a comma): `lim` (the locked row), `lim_day`, `lim_refusal`. */
  readonly ctes: SQL;
  /** True when no limit refuses the order: a condition for placing it. */
  readonly allows: SQL;
  /** The refusing limit's error key, or null: a column of the statement's answer. */
  readonly refusal: SQL;
  /** The UPDATE that adds the placed order to the day's counters, for a WITH item; `placed` names the placed order (its order_no). */
  count(placed: SQL): SQL;
}

const REFUSALS = new Set<string>(['error.limit_break', 'error.limit_turnover', 'error.limit_loss']);
/** The statement's refusal column as an error key (null: none). */
export const limitRefusal = (value: string | null): ErrorKey | null => (value !== null && REFUSALS.has(value) ? (value as ErrorKey) : null);

/** `at`: the order's moment as timestamptz; `stake` counts toward turnover, `stake + fee` toward loss. */
export function orderLimits(userId: number, now: number, at: SQL, stake: Cents, fee: Cents): OrderLimits {
  const ms = sql`${now}::int8`;
  const cost = stake + fee;
  const ctes = sql`lim AS MATERIALIZED (
        SELECT l.day, l.day_turnover, l.day_cost, l.day_first_order, l.day_ledger_from,
               ${inForce('loss_limit', ms)} AS loss_limit, ${inForce('turnover_limit', ms)} AS turnover_limit,
               ${inForce('break_until', ms)} AS break_until, ((${at}) AT TIME ZONE ${inForce('time_zone', ms)})::date AS today
        FROM trading_limits l WHERE l.user_id = ${userId} FOR UPDATE
      ), lim_day AS (
        SELECT lim.*, coalesce(lim.day = lim.today AND lim.day_first_order IS NOT NULL, false) AS same_day FROM lim
      ), lim_refusal AS (
        SELECT CASE
          WHEN d.break_until > ${ms} THEN 'error.limit_break'
          WHEN d.turnover_limit IS NOT NULL
            AND (CASE WHEN d.same_day THEN d.day_turnover ELSE 0 END) + ${stake}::int8 > d.turnover_limit THEN 'error.limit_turnover'
          WHEN d.loss_limit IS NOT NULL
            AND (CASE WHEN d.same_day THEN d.day_cost - (
                  SELECT coalesce(sum(g.amount), 0) FROM ledger g
                  WHERE g.user_id = ${userId} AND g.id > d.day_ledger_from AND g.type = 'order_payout'
                    AND g.ref COLLATE "C" >= d.day_first_order COLLATE "C") ELSE 0 END) + ${cost}::int8 > d.loss_limit THEN 'error.limit_loss'
        END AS refusal
        FROM lim_day d
      )`;
  return {
    ctes,
    allows: sql`NOT EXISTS (SELECT 1 FROM lim_refusal WHERE refusal IS NOT NULL)`,
    refusal: sql`(SELECT refusal FROM lim_refusal)`,
    // A new day starts the counters, its first order and the ledger id below the day's payouts (every payout of
    // an order placed from now on is written later, so with a larger id).
    count: (placed) => sql`UPDATE trading_limits l SET
          day = d.today,
          day_turnover = (CASE WHEN d.same_day THEN d.day_turnover ELSE 0 END) + ${stake}::int8,
          day_cost = (CASE WHEN d.same_day THEN d.day_cost ELSE 0 END) + ${cost}::int8,
          day_first_order = CASE WHEN d.same_day THEN d.day_first_order ELSE p.order_no END,
          day_ledger_from = CASE WHEN d.same_day THEN d.day_ledger_from
                            ELSE (SELECT coalesce(max(g.id), 0) FROM ledger g WHERE g.user_id = ${userId}) END
        FROM lim_day d, ${placed} p
        WHERE l.user_id = ${userId}`,
  };
}

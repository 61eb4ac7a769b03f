import { sql, type SQL } from 'drizzle-orm';
import { creditsFrom } from '../domain/ledger-credits.ts';
import { outcomePayout, outcomeProfit, outcomeStatus } from './outcome.ts';

/**
 * Work done by the settling statement itself, on the batch it settled: `step(settled)` answers one data-modifying
 * statement (an INSERT ... SELECT ... FROM settled) that joins the statement's WITH list, so it commits or rolls
 * back with the settlement and costs no round trip and no rows sent to the process. `settled` has the orders
 * table's columns id, order_no, user_id, product_id, status, amount, fee, payout, profit, settle_time and
 * settle_price, as settled. Keep it light: its time is settlement's time. Referral cashback only queues its work
 * here (server/referral/on-settled.ts) and pays it from its own loop.
 */
export interface SettledStep {
  readonly step: (settled: SQL) => SQL;
}

/** Where the previous batch of one settleDue ended, so the next does not walk the index over what it settled. */
export interface Cursor {
  readonly settleTime: number;
  readonly id: number;
}

export interface SettleStatementInput {
  readonly now: number;
  /** Start after this order (the previous batch's last), in (settle time, id) order. */
  readonly after: Cursor | undefined;
  readonly batchSize: number;
  readonly steps: readonly SettledStep[];
  /** Answer every settled order (for JS listeners) rather than one summary row. */
  readonly rows: boolean;
  /** The summary row also counts the batch's orders by lateness (settlement_lag_seconds). */
  readonly lags?: boolean;
}

const SETTLED = sql.raw('settled');

/**
 * `lags`: [[ms late, orders], …] of the batch, one pair per distinct lateness (a burst due in one second is a few
 * pairs, not a row per order), so the metric costs the process no settled rows.
 */
const lagsColumn = ({ lags, now }: SettleStatementInput): SQL =>
  lags
    ? sql`, (SELECT COALESCE(json_agg(json_build_array(g.lag, g.n)), '[]'::json)
             FROM (SELECT ${now}::int8 - settle_time AS lag, count(*)::int AS n FROM ${SETTLED} GROUP BY 1) g) AS lags`
    : sql``;

/**
 * The one statement that settles a batch (see SettlementEngine): picks the due orders, prices them at the last
 * tick at or before their settle time, writes their results, credits the payouts with their ledger entries, and
 * runs the steps. It answers either one summary row (n, last_time, last_id, complete) or every settled order
 * with `complete`; complete = false means a payout found no account, and the caller must throw.
 */
export function settleStatement(input: SettleStatementInput): SQL {
  const { now, after } = input;
  const payouts = creditsFrom(sql.raw('payouts'), 'order_payout', now);
  const steps = input.steps.map((s, i) => sql.join([sql.raw(`, step_${i} AS (`), s.step(SETTLED), sql.raw(')')]));
  const answer = input.rows
    ? sql`SELECT s.id, s.order_no, s.user_id, s.product_id, s.status, s.amount::text, s.fee::text, s.payout::text, s.profit::text,
          s.settle_time::text, s.settle_price::text, ${payouts.complete} AS complete
        FROM ${SETTLED} s`
    : // One row, so no settled order travels to the process (on PGlite that transfer cost as much as the writes).
      sql`SELECT n.count::int AS n, l.settle_time::text AS last_time, l.id AS last_id, ${payouts.complete} AS complete${lagsColumn(input)}
        FROM (SELECT count(*) FROM ${SETTLED}) n
        LEFT JOIN LATERAL (SELECT settle_time, id FROM ${SETTLED} ORDER BY settle_time DESC, id DESC LIMIT 1) l ON true`;
  return sql`WITH due AS (
      SELECT o.id, o.open_price, o.direction, COALESCE(k.price, o.open_price) AS price, COALESCE(k.t, o.open_tick_time) AS tick_t
      FROM orders o
      LEFT JOIN LATERAL (
        SELECT t, price FROM ticks k WHERE k.product_id = o.product_id AND k.t <= o.settle_time ORDER BY k.t DESC LIMIT 1
      ) k ON true
      WHERE o.status = 'open' AND o.settle_time <= least(${now}::int8, COALESCE((SELECT t FROM market_watermark), 0))
        ${after ? sql`AND (o.settle_time, o.id) > (${after.settleTime}::int8, ${after.id}::int4)` : sql``}
      ORDER BY o.settle_time, o.id
      LIMIT ${input.batchSize}
    ), decided AS (
      SELECT id, price, tick_t, ${outcomeStatus({ price: sql.raw('price'), openPrice: sql.raw('open_price'), direction: sql.raw('direction') })} AS status
      FROM due
    ), ${SETTLED} AS (
      UPDATE orders o SET status = d.status, settle_price = d.price, settle_tick_time = d.tick_t, settled_at = ${now}, changed_xid = pg_current_xact_id(),
        payout = ${outcomePayout(sql.raw('d.status'), sql.raw('o.amount'), sql.raw('o.payout_ppm'))},
        profit = ${outcomeProfit(sql.raw('d.status'), sql.raw('o.amount'), sql.raw('o.payout_ppm'))}
      FROM decided d
      WHERE o.id = d.id AND o.status = 'open'
      RETURNING o.id, o.order_no, o.user_id, o.product_id, o.status, o.amount, o.fee, o.payout, o.profit, o.settle_time, o.settle_price
    ), payouts AS (
      SELECT user_id, payout AS amount, order_no AS ref, id AS ord FROM ${SETTLED}
    ), ${payouts.ctes}${sql.join(steps)}
    ${answer}`;
}

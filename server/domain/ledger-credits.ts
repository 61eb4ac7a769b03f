import { sql, type SQL } from 'drizzle-orm';
import type { LedgerType } from '../../src/contract/user.ts';

export interface CreditCtes {
  /** `name AS (...)` items for the statement's WITH list, placed after the source relation. */
  readonly ctes: SQL;
  /**
   * A boolean for the statement's result: false when some credited member has no account. No balance has then
   * changed (and no entry was written), but the caller must throw so that the rest of its statement rolls back.
   */
  readonly complete: SQL;
}

/**
 * Credits decided by the same statement that writes them (settlement payouts), so a batch job sends no rows to
 * the process and back: creditMany's rules in SQL. `source` names a relation of the statement with columns
 * user_id, amount, ref and ord (unique; the order entries are written in); rows with amount <= 0 credit nothing.
 * One UPDATE of the touched accounts, locked in user_id order (so two batches over the same members wait instead
 * of deadlocking), and one INSERT of the ledger entries, whose balance_after is the member's running balance
 * (available + frozen, as move() writes it) in ord order. Uses the names credit_totals, credit_locked,
 * credit_accounts and credit_entries, so one statement holds one of these.
 */
export function creditsFrom(source: SQL, type: LedgerType, at: number): CreditCtes {
  // Each member's credits travel as arrays through the locking and the UPDATE, so no step joins two of these
  // relations: the planner has no row counts for them and joined them by nested loops (2,500 × 250 per batch).
  const ctes = sql`credit_totals AS (
      SELECT user_id, sum(amount) AS total, array_agg(amount ORDER BY ord) AS amounts, array_agg(ref ORDER BY ord) AS refs,
             array_agg(ord ORDER BY ord) AS ords
      FROM ${source} WHERE amount > 0 GROUP BY user_id
    ), credit_locked AS (
      SELECT t.* FROM credit_totals t JOIN accounts a ON a.user_id = t.user_id ORDER BY t.user_id FOR UPDATE OF a
    ), credit_accounts AS (
      UPDATE accounts a SET available = a.available + l.total
      FROM credit_locked l
      WHERE a.user_id = l.user_id AND (SELECT count(*) FROM credit_locked) = (SELECT count(*) FROM credit_totals)
      RETURNING a.user_id, a.available + a.frozen - l.total AS before, l.amounts, l.refs, l.ords
    ), credit_entries AS (
      INSERT INTO ledger (user_id, type, amount, available_delta, balance_after, ref, created_at)
      SELECT c.user_id, ${type}, e.amount, e.amount, c.before + sum(e.amount) OVER (PARTITION BY c.user_id ORDER BY e.ord),
             e.ref, timestamptz 'epoch' + ${at}::int8 * interval '1 millisecond'
      FROM credit_accounts c, unnest(c.amounts, c.refs, c.ords) AS e(amount, ref, ord)
      ORDER BY e.ord
    )`;
  return { ctes, complete: sql`((SELECT count(*) FROM credit_accounts) = (SELECT count(*) FROM credit_totals))` };
}

import { eq, sql, type SQL } from 'drizzle-orm';
import type { LedgerType } from '../../src/contract/user.ts';
import type { Db } from '../db/client.ts';
import { pgArray, type PgArrayItem } from '../db/pg-array.ts';
import { rows } from '../db/rows.ts';
import { accounts } from '../db/schema/core.ts';
import { ApiError } from '../http/errors.ts';
import { cents, type Cents } from '../../src/shared/money.ts';

export interface Movement {
  readonly userId: number;
  readonly type: LedgerType;
  /** Change of available funds. */
  readonly available: Cents;
  /** Change of frozen funds. */
  readonly frozen?: Cents;
  readonly ref?: string | null;
  readonly at?: number;
}

/** One ledger row of a movement: its type and what it changes. */
export interface MovementEntry {
  readonly type: LedgerType;
  /** Change of available funds. */
  readonly available: Cents;
  /** Change of frozen funds. */
  readonly frozen?: Cents;
}

export interface MoveParts {
  readonly userId: number;
  /** In the order they are written; the account changes by their sum. */
  readonly entries: readonly MovementEntry[];
  /** The rows' time (timestamptz). */
  readonly at: SQL;
  /** A further condition the change waits for (another part of the caller's statement). */
  readonly when?: SQL;
  /** An entry that changes nothing writes no row (a fee of nothing). */
  readonly skipZero?: boolean;
}

export interface MoveSql {
  /** The conditional UPDATE, for a WITH item: answers available, frozen and after (their sum, after it). */
  readonly account: SQL;
  /**
   * The INSERT of the ledger rows, for a later WITH item: `account` names the item above; `ref` may read
   * relations `from` names. Each row's balance_after is the balance once it and the rows before it are counted.
   */
  entries(account: SQL, ref: SQL, from?: SQL): SQL;
}

/**
 * The one way a balance changes, as parts of a statement: one conditional UPDATE of the member's account (never
 * below zero, available or frozen) and one ledger row per entry. move() runs it alone; a hot path that writes
 * more in the same statement (order/create) embeds it.
 */
export function moveSql(m: MoveParts): MoveSql {
  const available = m.entries.reduce((sum, e) => sum + e.available, 0n);
  const frozen = m.entries.reduce((sum, e) => sum + (e.frozen ?? 0n), 0n);
  // Frozen funds are named only by a movement that changes them, so order/create's statement stays as short.
  const touchesFrozen = m.entries.some((e) => e.frozen !== undefined);
  const account = sql`UPDATE accounts SET available = available + ${available}::int8${touchesFrozen ? sql`, frozen = frozen + ${frozen}::int8` : sql``}
        WHERE user_id = ${m.userId} AND available >= ${-available}::int8${touchesFrozen ? sql` AND frozen >= ${-frozen}::int8` : sql``}${m.when ? sql` AND ${m.when}` : sql``}
        RETURNING available, frozen, available + frozen AS after`;
  // What the entries after each one change in all, so each row's balance_after is the balance right after it.
  const amounts = m.entries.map((e) => e.available + (e.frozen ?? 0n));
  const later = amounts.map((_, i) => amounts.slice(i + 1).reduce((sum, a) => sum + a, 0n));
  const values = sql.join(
    m.entries.map((e, i) => sql`(${sql.raw(String(i + 1))}, ${e.type}::text, ${e.available}::int8, ${e.frozen ?? 0n}::int8, ${later[i] ?? 0n}::int8)`),
    sql`, `,
  );
  return {
    account,
    entries: (acct, ref, from) => sql`INSERT INTO ledger (user_id, type, amount, available_delta, balance_after, ref, created_at)
        SELECT ${m.userId}, e.type, e.available + e.frozen, e.available, a.after - e.later, ${ref}, ${m.at}
        FROM ${acct} a${from ? sql`, ${from}` : sql``}, (VALUES ${values}) AS e(ord, type, available, frozen, later)
        ${m.skipZero ? sql`WHERE e.available <> 0 OR e.frozen <> 0` : sql``}
        ORDER BY e.ord`,
  };
}

/**
 * The only way a balance changes: one conditional UPDATE (so concurrent requests can never overdraw) and one
 * ledger row, in one statement (moveSql), which the caller runs inside its transaction. Throws
 * insufficient_balance when the change would take available or frozen below zero.
 */
export async function move(db: Db, m: Movement): Promise<{ available: Cents; frozen: Cents }> {
  const at = m.at !== undefined ? sql`timestamptz 'epoch' + ${m.at}::int8 * interval '1 millisecond'` : sql`now()`;
  const parts = moveSql({ userId: m.userId, entries: [{ type: m.type, available: m.available, frozen: m.frozen ?? cents(0n) }], at });
  const [row] = await rows<{ available: string; frozen: string }>(
    db,
    sql`WITH account AS (${parts.account}), entry AS (${parts.entries(sql.raw('account'), sql`${m.ref ?? null}::text`)})
        SELECT available::text, frozen::text FROM account`,
  );
  if (!row) throw new ApiError('error.insufficient_balance');
  return { available: cents(BigInt(row.available)), frozen: cents(BigInt(row.frozen)) };
}

export async function balanceOf(db: Db, userId: number): Promise<{ userId: number; available: Cents; frozen: Cents }> {
  const [row] = await db.select().from(accounts).where(eq(accounts.userId, userId));
  return { userId, available: cents(row?.available ?? 0n), frozen: cents(row?.frozen ?? 0n) };
}

export interface Credit {
  readonly userId: number;
  readonly type: LedgerType;
  /** Added to available funds; must be positive. */
  readonly amount: Cents;
  readonly ref?: string | null;
  /** Epoch ms for the ledger row's time; absent: the transaction's now(). */
  readonly at?: number;
}

/**
 * Many credits at once, for batch jobs (settlement payouts, cashback): one UPDATE of all touched accounts and
 * one INSERT of all ledger rows, in the caller's transaction, instead of two statements per credit. Credits only
 * add, so nothing can overdraw; an unknown user changes nothing and throws. Each row's balance_after is the
 * running balance of its user, in the order given.
 */
export async function creditMany(db: Db, credits: readonly Credit[]): Promise<void> {
  if (!credits.length) return;
  const totals = new Map<number, Cents>();
  for (const c of credits) {
    if (c.amount <= 0n) throw new RangeError(`credit must be positive: ${c.amount} for user ${c.userId}`);
    totals.set(c.userId, cents((totals.get(c.userId) ?? 0n) + c.amount));
  }
  const users = [...totals.keys()].sort((a, b) => a - b);
  // `locked` takes the row locks in user_id order (so two batches touching the same members on a real
  // PostgreSQL wait for each other instead of deadlocking), and the count guard makes a missing account
  // update nothing at all, rather than leave some balances changed without their ledger rows.
  const updated = await rows<{ user_id: number | string; total: string }>(
    db,
    sql`WITH locked AS (SELECT user_id FROM accounts WHERE user_id = ANY(${pgArray(users)}::int[]) ORDER BY user_id FOR UPDATE)
        UPDATE accounts a SET available = a.available + v.amount
        FROM locked l, unnest(${pgArray(users)}::int[], ${pgArray(users.map((u) => totals.get(u) ?? 0n))}::int8[]) AS v(user_id, amount)
        WHERE a.user_id = l.user_id AND v.user_id = l.user_id AND (SELECT count(*) FROM locked) = ${users.length}
        RETURNING a.user_id, (a.available + a.frozen)::text AS total`,
  );
  if (updated.length !== users.length) throw new Error(`creditMany: no account for some of users ${users.join(',')}`);
  // Walk each user's balance up from where it stood before this call, credit by credit.
  const running = new Map<number, Cents>();
  for (const r of updated) running.set(Number(r.user_id), cents(BigInt(r.total) - (totals.get(Number(r.user_id)) ?? 0n)));
  const after = credits.map((c) => {
    const b = cents((running.get(c.userId) ?? 0n) + c.amount);
    running.set(c.userId, b);
    return b;
  });
  const col = <T extends PgArrayItem>(f: (c: Credit) => T) => pgArray(credits.map(f));
  // WITH ORDINALITY ... ORDER BY keeps ledger ids in the order given, the order balance_after was computed in.
  await db.execute(
    sql`INSERT INTO ledger (user_id, type, amount, available_delta, balance_after, ref, created_at)
        SELECT v.user_id, v.type, v.amount, v.amount, v.balance_after, v.ref,
               COALESCE(timestamptz 'epoch' + v.at * interval '1 millisecond', now())
        FROM unnest(${col((c) => c.userId)}::int[], ${col((c) => c.type)}::text[], ${col((c) => c.amount)}::int8[],
                    ${pgArray(after)}::int8[], ${col((c) => c.ref ?? null)}::text[], ${col((c) => c.at ?? null)}::int8[])
             WITH ORDINALITY AS v(user_id, type, amount, balance_after, ref, at, ord)
        ORDER BY v.ord`,
  );
}

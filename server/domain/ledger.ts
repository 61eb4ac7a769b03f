import { and, eq, gte, sql } from 'drizzle-orm';
import type { LedgerType } from '../../src/contract/user.ts';
import type { Db } from '../db/client.ts';
import { accounts, ledger } from '../db/schema/core.ts';
import { ApiError } from '../http/errors.ts';
import type { Cents } from './money.ts';

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

/**
 * The only way a balance changes: one conditional UPDATE (so concurrent requests can never overdraw) and one
 * ledger row, which the caller must run inside the same transaction. Throws insufficient_balance when the
 * change would take available or frozen below zero.
 */
export async function move(db: Db, m: Movement): Promise<{ available: Cents; frozen: Cents }> {
  const dA = m.available;
  const dF = m.frozen ?? 0n;
  const [row] = await db
    .update(accounts)
    .set({ available: sql`${accounts.available} + ${dA}`, frozen: sql`${accounts.frozen} + ${dF}` })
    .where(and(eq(accounts.userId, m.userId), gte(accounts.available, -dA), gte(accounts.frozen, -dF)))
    .returning({ available: accounts.available, frozen: accounts.frozen });
  if (!row) throw new ApiError('error.insufficient_balance');
  await db.insert(ledger).values({
    userId: m.userId,
    type: m.type,
    amount: dA + dF,
    availableDelta: dA,
    balanceAfter: row.available + row.frozen,
    ref: m.ref ?? null,
    ...(m.at !== undefined ? { createdAt: new Date(m.at) } : {}),
  });
  return row;
}

export async function balanceOf(db: Db, userId: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.userId, userId));
  return row ?? { userId, available: 0n, frozen: 0n };
}

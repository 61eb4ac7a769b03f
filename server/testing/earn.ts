import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { rows } from '../db/rows.ts';
import { users } from '../db/schema/core.ts';
import { earnProducts } from '../db/schema/earn.ts';
import { balanceOf, move } from '../domain/ledger.ts';
import type { Cents } from '../../src/shared/money.ts';
import type { TestServer } from './harness.ts';

/** Credits a test member through the ledger, as a deposit approval would. */
export async function fund(s: TestServer, userId: number, amount: Cents): Promise<void> {
  await s.deps.db.transaction((tx) => move(tx, { userId, type: 'adjust', available: amount, ref: 'test funding' }));
}

export async function available(s: TestServer, userId: number): Promise<bigint> {
  return (await balanceOf(s.deps.db, userId)).available;
}

export async function setPayPassword(s: TestServer, userId: number, plain: string): Promise<void> {
  await s.deps.db.update(users).set({ payPasswordHash: await hashPassword(plain) }).where(eq(users.id, userId));
}

/** A product of the seed, by family and cycle, so tests do not depend on serial ids. */
export async function seededProduct(s: TestServer, family: 'wealth' | 'pledge', cycleDays: number) {
  const [p] = await s.deps.db.select().from(earnProducts).where(sql`${earnProducts.family} = ${family} AND ${earnProducts.cycleDays} = ${cycleDays}`);
  if (!p) throw new Error(`no seeded ${family} product of ${cycleDays} days`);
  return p;
}

/** Everything that money or earning state is made of, to prove a refused request changed nothing. */
export async function moneyState(s: TestServer) {
  return rows(
    s.deps.db,
    sql`SELECT (SELECT count(*) FROM ledger)::int AS ledger, (SELECT count(*) FROM earn_holdings)::int AS holdings,
               (SELECT count(*) FROM earn_revenue)::int AS revenue, (SELECT coalesce(sum(available), 0)::text FROM accounts) AS available,
               (SELECT count(*) FROM idempotency_keys)::int AS keys`,
  );
}

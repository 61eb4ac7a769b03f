import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { cents } from '../../src/shared/money.ts';
import { useTestServer } from '../testing/harness.ts';
import { balanceOf, creditMany, move } from './ledger.ts';

const s = useTestServer();
const entries = (userId: number) =>
  rows<{ type: string; amount: string; balance_after: string; ref: string | null; at: string }>(
    s.deps.db,
    sql`SELECT type, amount::text, balance_after::text, ref, (extract(epoch FROM created_at) * 1000)::int8::text AS at FROM ledger WHERE user_id = ${userId} ORDER BY id`,
  );

describe('creditMany', () => {
  it('credits several users, several times each, with a running balance_after per user in the order given', async () => {
    const a = await s.member();
    const b = await s.member();
    await s.deps.db.transaction((tx) => move(tx, { userId: a.id, type: 'adjust', available: cents(1_000n), frozen: cents(0n), ref: 'seed' }));
    await s.deps.db.transaction((tx) => move(tx, { userId: a.id, type: 'withdraw_freeze', available: cents(-300n), frozen: cents(300n) }));
    const at = Date.UTC(2026, 10, 2, 15, 0, 0, 123);
    await s.deps.db.transaction((tx) =>
      creditMany(tx, [
        { userId: a.id, type: 'order_payout', amount: cents(50n), ref: 'x"1\\' },
        { userId: b.id, type: 'cashback', amount: cents(7n), at },
        { userId: a.id, type: 'cashback', amount: cents(25n), ref: 'ünï,{}' },
        { userId: a.id, type: 'order_payout', amount: cents(1n), ref: null, at },
      ]),
    );
    expect(await balanceOf(s.deps.db, a.id)).toMatchObject({ available: 776n, frozen: 300n });
    expect(await balanceOf(s.deps.db, b.id)).toMatchObject({ available: 7n, frozen: 0n });
    const ea = await entries(a.id);
    // balance_after counts frozen funds too, as move() does: 1000 total before the credits.
    expect(ea.slice(2).map((e) => [e.type, e.amount, e.balance_after, e.ref])).toEqual([
      ['order_payout', '50', '1050', 'x"1\\'],
      ['cashback', '25', '1075', 'ünï,{}'],
      ['order_payout', '1', '1076', null],
    ]);
    expect(ea[4]?.at).toBe(String(at));
    expect((await entries(b.id)).map((e) => [e.amount, e.balance_after, e.at])).toEqual([['7', '7', String(at)]]);
  });

  it('an unknown user fails the whole call and changes nothing', async () => {
    const a = await s.member();
    const call = s.deps.db.transaction((tx) =>
      creditMany(tx, [
        { userId: a.id, type: 'cashback', amount: cents(10n) },
        { userId: 2_000_000_000, type: 'cashback', amount: cents(10n) },
      ]),
    );
    await expect(call).rejects.toThrow(/no account/);
    expect(await balanceOf(s.deps.db, a.id)).toMatchObject({ available: 0n });
    expect(await entries(a.id)).toEqual([]);
    // Even a caller that swallows the error is left with nothing half-done: the statement changed no row.
    await s.deps.db.transaction(async (tx) => {
      await creditMany(tx, [{ userId: a.id, type: 'cashback', amount: cents(10n) }, { userId: -1, type: 'cashback', amount: cents(1n) }]).catch(() => undefined);
    }).catch(() => undefined);
    expect(await balanceOf(s.deps.db, a.id)).toMatchObject({ available: 0n });
  });

  it('refuses a zero or negative amount before touching anything, and does nothing for an empty list', async () => {
    const a = await s.member();
    await expect(s.deps.db.transaction((tx) => creditMany(tx, [{ userId: a.id, type: 'cashback', amount: cents(0n) }]))).rejects.toThrow(RangeError);
    await expect(s.deps.db.transaction((tx) => creditMany(tx, [{ userId: a.id, type: 'cashback', amount: cents(-1n) }]))).rejects.toThrow(RangeError);
    await s.deps.db.transaction((tx) => creditMany(tx, []));
    expect(await entries(a.id)).toEqual([]);
  });

  it('a thousand credits over five users keep every ledger sum equal to the balance', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => s.member()));
    const credits = Array.from({ length: 1000 }, (_, i) => ({ userId: members[i % members.length]?.id ?? 0, type: 'cashback' as const, amount: cents(BigInt(1 + (i % 13))), ref: `r${i}` }));
    await s.deps.db.transaction((tx) => creditMany(tx, credits));
    for (const m of members) {
      const es = await entries(m.id);
      expect(es).toHaveLength(200);
      expect(es.at(-1)?.balance_after).toBe(String((await balanceOf(s.deps.db, m.id)).available));
    }
    // The harness checks the ledger invariant for every account after each test as well.
  });
});

/** The database's own message: drizzle wraps a failed query, with the server's error as its cause. */
async function refusal(query: Promise<unknown>): Promise<string> {
  const e: unknown = await query.then(() => undefined, (err: unknown) => err);
  if (!(e instanceof Error)) throw new Error('the statement was not refused');
  return e.cause instanceof Error ? e.cause.message : e.message;
}

describe('the ledger is append-only (migration 0011)', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever holds a connection, and keeps every entry as written', async () => {
    const a = await s.member();
    await s.deps.db.transaction((tx) => move(tx, { userId: a.id, type: 'adjust', available: cents(500n), ref: 'seed' }));
    const before = await entries(a.id);
    expect(before).toHaveLength(1);
    expect(await refusal(s.deps.db.execute(sql`UPDATE ledger SET amount = amount + 1 WHERE user_id = ${a.id}`))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(s.deps.db.execute(sql`UPDATE ledger SET ref = 'x' WHERE false`))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(s.deps.db.execute(sql`DELETE FROM ledger WHERE user_id = ${a.id}`))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(s.deps.db.execute(sql`TRUNCATE ledger`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await entries(a.id)).toEqual(before);
    // Appending still works: a credit is one more entry.
    await s.deps.db.transaction((tx) => creditMany(tx, [{ userId: a.id, type: 'cashback', amount: cents(5n) }]));
    expect((await entries(a.id)).map((e) => e.balance_after)).toEqual(['500', '505']);
  });
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { balanceOf } from '../domain/ledger.ts';
import { cents, mulRateFloor, toPpm } from '../../src/shared/money.ts';
import { REFERRAL_RATES } from '../domain/referral-rates.ts';
import { useTestServer } from '../testing/harness.ts';
import { payReferralCashback } from './cashback.ts';
import { maskUsername } from './team.ts';

const s = useTestServer();
type Member = Awaited<ReturnType<typeof s.member>>;
type Invite = { inviteCode: string; registerPath: string; levels: { level: number; members: number; cashback: string; rate: string }[]; recent: { username: string; level: number }[] };

const invite = async (m: Member) => (await s.call('user/invite', {}, { token: m.token })).body.data as Invite;
const cashbackRows = (orderId: number) =>
  rows<{ beneficiary_id: number; generation: number; amount: string }>(s.deps.db, sql`SELECT beneficiary_id, generation, amount::text FROM referral_cashback WHERE order_id = ${orderId} ORDER BY generation`);

/** chain[0] was invited by the demo member, chain[k] by chain[k-1]: eleven members, ten generations below chain[0]. */
const chain: Member[] = [];
beforeAll(async () => {
  let code: string | undefined;
  for (let i = 0; i <= 10; i++) {
    const m = await s.member(code === undefined ? {} : { inviteCode: code });
    chain.push(m);
    code = (await invite(m)).inviteCode;
  }
});

const at = (i: number): Member => {
  const m = chain[i];
  if (!m) throw new Error(`no chain member ${i}`);
  return m;
};

describe('referral cashback', () => {
  it('pays exactly nine generations above the trader, each at its configured rate, and nothing on a repeat', async () => {
    const trader = at(10);
    const fee = cents(12_345n); // 123.45
    const before = await Promise.all(chain.map((m) => balanceOf(s.deps.db, m.id)));

    const paid = await s.deps.db.transaction((tx) => payReferralCashback(tx, { orderId: 7001, userId: trader.id, fee }));
    expect(paid.map((p) => [p.beneficiaryId, p.generation])).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1].map((i, g) => [at(i).id, g + 1]));
    const expected = REFERRAL_RATES.map((rate) => mulRateFloor(fee, toPpm(rate)));
    expect(expected.map(String)).toEqual(['1234', '617', '370', '246', '123', '61', '61', '61', '61']);
    expect(paid.map((p) => p.amount)).toEqual(expected);

    // Once more, as a settlement retry would: nothing new.
    const again = await s.deps.db.transaction((tx) => payReferralCashback(tx, { orderId: 7001, userId: trader.id, fee }));
    expect(again).toEqual([]);
    expect(await cashbackRows(7001)).toHaveLength(9);

    const after = await Promise.all(chain.map((m) => balanceOf(s.deps.db, m.id)));
    const gained = after.map((a, i) => a.available - (before[i]?.available ?? 0n));
    // chain[0] is the tenth generation up and the trader pays itself nothing.
    expect(gained).toEqual([0n, ...[...expected].reverse(), 0n]);

    const entries = await rows<{ user_id: number; amount: string; ref: string }>(s.deps.db, sql`SELECT l.user_id, l.amount::text AS amount, l.ref FROM ledger l WHERE l.type = 'cashback' AND l.ref LIKE 'order:7001:%' ORDER BY l.amount DESC, l.user_id`);
    expect(entries).toHaveLength(9);
    expect(entries[0]).toEqual({ user_id: at(9).id, amount: '1234', ref: 'order:7001:gen:1' });
  });

  it('pays a different order again, and nothing for a zero fee or a member without inviter chain above the demo', async () => {
    expect(await s.deps.db.transaction((tx) => payReferralCashback(tx, { orderId: 7002, userId: at(10).id, fee: cents(1000n) }))).toHaveLength(9);
    expect(await s.deps.db.transaction((tx) => payReferralCashback(tx, { orderId: 7003, userId: at(10).id, fee: cents(0n) }))).toEqual([]);
    // The demo member has no inviter.
    const [demo] = await rows<{ id: number }>(s.deps.db, sql`SELECT id FROM users WHERE inviter_id IS NULL LIMIT 1`);
    expect(await s.deps.db.transaction((tx) => payReferralCashback(tx, { orderId: 7004, userId: Number(demo?.id), fee: cents(1000n) }))).toEqual([]);
  });

  it('a fee too small for a generation pays that generation nothing rather than rounding up', async () => {
    const paid = await s.deps.db.transaction((tx) => payReferralCashback(tx, { orderId: 7005, userId: at(10).id, fee: cents(150n) }));
    // 1.50: 10% = 15, 5% = 7, 3% = 4, 2% = 3, 1% = 1, 0.5% = 0 (not paid)
    expect(paid.map((p) => p.amount)).toEqual([15n, 7n, 4n, 3n, 1n]);
  });
});

describe('user/invite', () => {
  it('answers the code, the registration path, nine levels with team size, cashback and rate, and recent invitees', async () => {
    const top = await invite(at(0));
    expect(top.registerPath).toBe(`/reg?code=${top.inviteCode}`);
    expect(top.levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(top.levels.map((l) => l.rate)).toEqual([...REFERRAL_RATES]);
    // Ten generations below, but the tree is counted to nine.
    expect(top.levels.map((l) => l.members)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(top.levels.every((l) => l.cashback === '0.00')).toBe(true);
    expect(top.recent).toHaveLength(9);
    expect(top.recent[0]).toEqual(expect.objectContaining({ username: maskUsername(at(9).username), level: 9 }));

    const near = await invite(at(9));
    expect(near.levels[0]).toEqual({ level: 1, members: 1, cashback: '13.49', rate: '0.10' }); // 12.34 + 1.00 + 0.15
    expect(near.levels.slice(1).every((l) => l.members === 0)).toBe(true);

    const far = await invite(at(1));
    expect(far.levels[8]).toMatchObject({ level: 9, members: 1, cashback: '0.66' }); // 0.61 + 0.05
  });

  it('masks usernames and answers 401 without a session', async () => {
    expect(maskUsername('alice99')).toBe('al***9');
    expect(maskUsername('bob')).toBe('b***');
    expect((await s.call('user/invite')).status).toBe(401);
  });

  it('links a member registered with a lower-case code to the inviter', async () => {
    const code = (await invite(at(10))).inviteCode;
    const m = await s.member({ inviteCode: code.toLowerCase() });
    const [row] = await rows<{ inviter_id: number }>(s.deps.db, sql`SELECT inviter_id FROM users WHERE id = ${m.id}`);
    expect(Number(row?.inviter_id)).toBe(at(10).id);
    expect((await invite(at(10))).levels[0]?.members).toBe(1);
  });
});

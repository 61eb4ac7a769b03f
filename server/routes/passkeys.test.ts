import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PasskeyItem, StepUpReq } from '../../src/contract/passkeys.ts';
import type { CreationOptions, PasskeyAssertion, RequestOptions } from '../../src/contract/webauthn.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { withdrawalDestination } from '../money/withdrawals.ts';
import { spendApproval, verifyApproval } from '../passkeys/approval.ts';
import { withdrawalPayload } from '../passkeys/binding.ts';
import { CHALLENGE_TTL_MS } from '../passkeys/challenges.ts';
import { useTestServer } from '../testing/harness.ts';
import { address, balances, LOGIN_PASSWORD, PIN, readyMember, withdrawal } from '../testing/money.ts';
import { SoftAuthenticator } from '../testing/soft-authenticator.ts';
import { toCents } from '../../src/shared/money.ts';

const s = useTestServer();

async function addPasskey(token: string, auth = new SoftAuthenticator(), name = 'Phone') {
  const o = await s.call('passkey/register_options', {}, { token });
  expect(o.status, JSON.stringify(o.body)).toBe(200);
  const { options } = o.body.data as { options: CreationOptions };
  const r = await s.call('passkey/register', { name, response: auth.create(options) }, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { auth, item: r.body.data as PasskeyItem };
}

async function stepUpOptions(token: string, body: StepUpReq): Promise<RequestOptions> {
  const o = await s.call('passkey/stepup_options', body, { token });
  expect(o.status, JSON.stringify(o.body)).toBe(200);
  return (o.body.data as { options: RequestOptions }).options;
}

const passkeyWithdrawal = (amount: string, passkey: PasskeyAssertion, over: Record<string, unknown> = {}) => ({ paymethod: 'bank', amount, passkey, Authorization: '', ...over });

/**
 * `db`, except that `between` runs once, after the first SELECT made through it has its rows and before the caller
 * gets them: another request committing at the worst moment, deterministically.
 */
function afterFirstRead(db: Db, between: () => Promise<unknown>): Db {
  let pending: (() => Promise<unknown>) | null = between;
  const hooked = Object.create(db) as Db;
  hooked.select = ((...args: Parameters<Db['select']>) => {
    const builder = db.select(...args);
    const from = builder.from.bind(builder);
    builder.from = ((...fromArgs: Parameters<typeof from>) => {
      const query = from(...fromArgs);
      const then = query.then.bind(query);
      query.then = (onRows, onError) =>
        then(async (found) => {
          const run = pending;
          pending = null;
          if (run) await run();
          return found;
        }).then(onRows, onError);
      return query;
    }) as typeof from;
    return builder;
  }) as Db['select'];
  return hooked;
}

/** What a refused request must leave as it was: the member's balances, ledger, withdrawals and sessions. */
async function stateOf(userId: number, token: string) {
  const [counts] = await rows<{ ledger: number; withdrawals: number; sessions: number }>(s.deps.db, sql`
    SELECT (SELECT count(*)::int FROM ledger WHERE user_id = ${userId}) AS ledger,
           (SELECT count(*)::int FROM withdrawals WHERE user_id = ${userId}) AS withdrawals,
           (SELECT count(*)::int FROM sessions WHERE user_id = ${userId}) AS sessions`);
  const b = await balances(s, token);
  return { ...counts, balance: b.balance, available: b.available, frozen: b.frozen };
}

describe('adding a passkey, and signing in with it', () => {
  it('lists it by name; a sign-in with it is a new session of its member, and marks it used', async () => {
    const m = await s.member();
    const { auth, item } = await addPasskey(m.token, undefined, 'Work phone');
    expect(item).toMatchObject({ name: 'Work phone', lastUsedAt: null });
    expect(item.createdAt).toBe(s.clock.now());

    s.clock.advance(60_000);
    const o = await s.call('passkey/login_options', {});
    expect(o.status).toBe(200);
    const { options } = o.body.data as { options: RequestOptions };
    expect(options).toMatchObject({ rpId: 'localhost', allowCredentials: [], userVerification: 'required' });
    const login = await s.call('passkey/login', { response: auth.get(options) });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const { accessToken } = login.body.data as { accessToken: string };
    expect(accessToken).not.toBe(m.token);
    const me = await s.call('user/details', {}, { token: accessToken });
    expect((me.body.data as { username: string }).username).toBe(m.username);
    const list = await s.call('passkey/list', {}, { token: accessToken });
    expect((list.body.data as { items: PasskeyItem[] }).items).toEqual([{ ...item, lastUsedAt: s.clock.now() }]);
  });

  it('refuses a replayed sign-in, one from another origin, one without the member verified, and an unknown passkey', async () => {
    const m = await s.member();
    const { auth } = await addPasskey(m.token);
    const options = async () => ((await s.call('passkey/login_options', {})).body.data as { options: RequestOptions }).options;
    const first = auth.get(await options());
    expect((await s.call('passkey/login', { response: first })).status).toBe(200);
    const before = await stateOf(m.id, m.token);
    const replay = await s.call('passkey/login', { response: first });
    expect([replay.status, replay.body.msg]).toEqual([400, 'error.passkey_expired']);
    const phishing = await s.call('passkey/login', { response: auth.get(await options(), { origin: 'https://candlewick.example' }) });
    expect([phishing.status, phishing.body.msg]).toEqual([400, 'error.passkey_refused']);
    const unverified = await s.call('passkey/login', { response: auth.get(await options(), { userVerified: false }) });
    expect(unverified.body.msg).toBe('error.passkey_refused');
    // A key made for this site but never added.
    const stranger = new SoftAuthenticator();
    stranger.create(((await s.call('passkey/register_options', {}, { token: m.token })).body.data as { options: CreationOptions }).options);
    const unknown = await s.call('passkey/login', { response: stranger.get(await options()) });
    expect(unknown.body.msg).toBe('error.passkey_refused');
    expect(await stateOf(m.id, m.token)).toEqual(before);
  });

  it('refuses a second add of the same passkey, an expired ceremony, and a malformed one with 4xx', async () => {
    const m = await s.member();
    const auth = new SoftAuthenticator();
    const o1 = ((await s.call('passkey/register_options', {}, { token: m.token })).body.data as { options: CreationOptions }).options;
    s.clock.advance(CHALLENGE_TTL_MS);
    const late = await s.call('passkey/register', { name: 'Late', response: auth.create(o1) }, { token: m.token });
    expect([late.status, late.body.msg]).toEqual([400, 'error.passkey_expired']);
    const bad = await s.call('passkey/register', { name: 'Bad', response: { id: '!!', rawId: 'x', type: 'public-key', response: {} } }, { token: m.token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('error.validation');
    const garbage = await s.call('passkey/login', { response: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'bm90LWpzb24', authenticatorData: 'AAAA', signature: 'AAAA' } } });
    expect([garbage.status, garbage.body.msg]).toEqual([400, 'error.passkey_expired']);
    const list = await s.call('passkey/list', {}, { token: m.token });
    expect((list.body.data as { items: unknown[] }).items).toEqual([]);
  });
});

describe('a withdrawal approved with a passkey instead of the PIN', () => {
  it('freezes exactly the approved amount to the approved card, once: a replay is refused and changes nothing', async () => {
    const m = await readyMember(s, '500.00');
    const { auth } = await addPasskey(m.token);
    const options = await stepUpOptions(m.token, { purpose: 'withdrawal', paymethod: 'bank', amount: '200' });
    expect(options.allowCredentials.map((c) => c.id)).toEqual(auth.ids());
    const passkey = auth.get(options);
    // "200" and "200.00" are one amount.
    const w = await s.call('wallet/bankWithdrawal', passkeyWithdrawal('200.00', passkey), { token: m.token, headers: { 'idempotency-key': 'pk-withdraw-0001' } });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    expect(w.body.data).toMatchObject({ kind: 'withdrawal', amount: '200.00', status: 'review' });
    const after = await stateOf(m.id, m.token);
    expect([after.available, after.frozen]).toEqual(['300.00', '200.00']);

    const replay = await s.call('wallet/bankWithdrawal', passkeyWithdrawal('200.00', passkey), { token: m.token, headers: { 'idempotency-key': 'pk-withdraw-0002' } });
    expect([replay.status, replay.body.msg]).toEqual([400, 'error.passkey_expired']);
    const noKey = await s.call('wallet/bankWithdrawal', passkeyWithdrawal('200.00', passkey), { token: m.token });
    expect(noKey.body.msg).toBe('error.passkey_expired');
    // The same request retried under its own key gets its first answer again, not a second withdrawal.
    const retry = await s.call('wallet/bankWithdrawal', passkeyWithdrawal('200.00', passkey), { token: m.token, headers: { 'idempotency-key': 'pk-withdraw-0001' } });
    expect(retry.body.data).toEqual(w.body.data);
    // So does a retry approved again (the page lost the answer and asked the passkey anew): one withdrawal.
    const again = auth.get(await stepUpOptions(m.token, { purpose: 'withdrawal', paymethod: 'bank', amount: '200' }));
    const approvedAgain = await s.call('wallet/bankWithdrawal', passkeyWithdrawal('200.00', again), { token: m.token, headers: { 'idempotency-key': 'pk-withdraw-0001' } });
    expect(approvedAgain.body.data).toEqual(w.body.data);
    expect(await stateOf(m.id, m.token)).toEqual(after);
  });

  it('the same approval sent ten times at once freezes the amount once', async () => {
    const m = await readyMember(s, '500.00');
    const { auth } = await addPasskey(m.token);
    const passkey = auth.get(await stepUpOptions(m.token, { purpose: 'withdrawal', paymethod: 'bank', amount: '30' }));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => s.call('wallet/bankWithdrawal', passkeyWithdrawal('30', passkey), { token: m.token, headers: { 'idempotency-key': `pk-race-${1000 + i}` } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.msg))).toEqual(new Set(['error.passkey_expired']));
    const after = await stateOf(m.id, m.token);
    expect([after.available, after.frozen, after.withdrawals]).toEqual(['470.00', '30.00', 1]);
  });

  it('a twin spent between the checks of its replay makes the replay expired, not refused', async () => {
    const m = await readyMember(s, '500.00');
    const { auth } = await addPasskey(m.token);
    const passkey = auth.get(await stepUpOptions(m.token, { purpose: 'withdrawal', paymethod: 'bank', amount: '30' }));
    const destination = await withdrawalDestination(s.deps.db, m.id, 'bank', undefined);
    const asked = { userId: m.id, purpose: 'withdrawal' as const, payload: withdrawalPayload(m.id, toCents('30'), destination), now: s.clock.now() };
    const rp = { name: 'Candlewick', id: 'localhost', origins: [auth.origin] };
    const twin = await verifyApproval(s.deps.db, rp, passkey, asked);
    // The other request commits its spend (challenge used, counter raised) right after this one's first read.
    const racing = afterFirstRead(s.deps.db, () => s.deps.db.transaction((tx) => spendApproval(tx, twin, asked)));
    await expect(verifyApproval(racing, rp, passkey, asked)).rejects.toMatchObject({ key: 'error.passkey_expired' });
  });

  it('an assertion for one amount or address approves no other, and stays good for its own', async () => {
    const m = await readyMember(s, '500.00');
    const { auth } = await addPasskey(m.token);
    const second = await s.call('user/save_bank', { kind: 'trc20', address: await address(m.id + 7) }, { token: m.token });
    const other = (second.body.data as { addresses: { id: number }[] }).addresses.find((a) => a.id !== m.addressId)?.id;
    expect(other).toBeGreaterThan(0);
    const before = await stateOf(m.id, m.token);

    const forHundred = auth.get(await stepUpOptions(m.token, { purpose: 'withdrawal', paymethod: 'bank', amount: '100' }));
    for (const amount of ['100.01', '99.99', '1000']) {
      const r = await s.call('wallet/bankWithdrawal', passkeyWithdrawal(amount, forHundred), { token: m.token });
      expect([r.status, r.body.msg], amount).toEqual([400, 'error.passkey_refused']);
    }
    // Signed for the bank card: not for an address, by the other path.
    const r = await s.call('wallet/trcWithdrawal', passkeyWithdrawal('100', forHundred, { paymethod: 'trc20', addressId: m.addressId }), { token: m.token });
    expect(r.body.msg).toBe('error.passkey_refused');

    const toFirst = auth.get(await stepUpOptions(m.token, { purpose: 'withdrawal', paymethod: 'trc20', amount: '60', addressId: m.addressId }));
    const elsewhere = await s.call('wallet/trcWithdrawal', passkeyWithdrawal('60', toFirst, { paymethod: 'trc20', addressId: other }), { token: m.token });
    expect([elsewhere.status, elsewhere.body.msg]).toEqual([400, 'error.passkey_refused']);
    expect(await stateOf(m.id, m.token)).toEqual(before);

    // Refusals spent nothing: each approval still does what it was made for.
    expect((await s.call('wallet/bankWithdrawal', passkeyWithdrawal('100', forHundred), { token: m.token })).status).toBe(200);
    expect((await s.call('wallet/trcWithdrawal', passkeyWithdrawal('60', toFirst, { paymethod: 'trc20', addressId: m.addressId }), { token: m.token })).status).toBe(200);
    expect((await balances(s, m.token)).frozen).toBe('160.00');
  });

  it("refuses another member's passkey, another member's challenge, and an expired one", async () => {
    const a = await readyMember(s, '500.00');
    const b = await readyMember(s, '500.00');
    const { auth: authA } = await addPasskey(a.token);
    const { auth: authB } = await addPasskey(b.token);
    const beforeA = await stateOf(a.id, a.token);
    const beforeB = await stateOf(b.id, b.token);

    // B's passkey signing A's challenge.
    const optionsA = await stepUpOptions(a.token, { purpose: 'withdrawal', paymethod: 'bank', amount: '50' });
    const byB = authB.get({ ...optionsA, allowCredentials: [] });
    expect((await s.call('wallet/bankWithdrawal', passkeyWithdrawal('50', byB), { token: a.token })).body.msg).toBe('error.passkey_refused');
    // A's approval sent with B's session: the challenge is not B's.
    const byA = authA.get(optionsA);
    expect((await s.call('wallet/bankWithdrawal', passkeyWithdrawal('50', byA), { token: b.token })).body.msg).toBe('error.passkey_expired');
    // Too late by the server's clock.
    s.clock.advance(CHALLENGE_TTL_MS);
    expect((await s.call('wallet/bankWithdrawal', passkeyWithdrawal('50', byA), { token: a.token })).body.msg).toBe('error.passkey_expired');
    expect(await stateOf(a.id, a.token)).toEqual(beforeA);
    expect(await stateOf(b.id, b.token)).toEqual(beforeB);
  });

  it('keeps the PIN path as the spec has it; neither or both is a field error', async () => {
    const m = await readyMember(s, '500.00');
    const { auth } = await addPasskey(m.token);
    expect((await s.call('wallet/bankWithdrawal', withdrawal('20'), { token: m.token })).status).toBe(200);
    const neither = await s.call('wallet/bankWithdrawal', { paymethod: 'bank', amount: '20', Authorization: '' }, { token: m.token });
    expect([neither.status, neither.body.data]).toEqual([400, { fields: { payPassword: 'field.required' } }]);
    const withBadAmount = await s.call('wallet/bankWithdrawal', { paymethod: 'bank', amount: 'x', Authorization: '' }, { token: m.token });
    expect(withBadAmount.body.data).toEqual({ fields: { amount: 'error.amount_incorrect', payPassword: 'field.required' } });
    const passkey = auth.get(await stepUpOptions(m.token, { purpose: 'withdrawal', paymethod: 'bank', amount: '20' }));
    const both = await s.call('wallet/bankWithdrawal', { ...withdrawal('20'), passkey }, { token: m.token });
    expect([both.status, both.body.data]).toEqual([400, { fields: { passkey: 'field.invalid' } }]);
    expect((await balances(s, m.token)).frozen).toBe('20.00');
  });

  it('counts every passkey attempt before checking it: the eleventh bad one in a row is rate-limited', async () => {
    const m = await readyMember(s, '500.00');
    const { auth } = await addPasskey(m.token);
    const forTen = auth.get(await stepUpOptions(m.token, { purpose: 'withdrawal', paymethod: 'bank', amount: '10' }));
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) answers.push((await s.call('wallet/bankWithdrawal', passkeyWithdrawal('11', forTen), { token: m.token })).body.msg);
    expect(answers.slice(0, 10)).toEqual(new Array(10).fill('error.passkey_refused'));
    expect(answers[10]).toBe('error.rate_limited');
    expect((await balances(s, m.token)).frozen).toBe('0.00');
  });
});

describe('a new transaction password approved with a passkey', () => {
  it('sets exactly the PIN it was approved for, once', async () => {
    const m = await readyMember(s, '100.00');
    const { auth } = await addPasskey(m.token);
    const change = (passkey: PasskeyAssertion, pin: string) => s.call('user/reset_paypwd', { passkey, newPayPassword: pin, confirmPayPassword: pin }, { token: m.token });
    const forNew = auth.get(await stepUpOptions(m.token, { purpose: 'pay_password', newPayPassword: '135790' }));
    const other = await change(forNew, '111111');
    expect([other.status, other.body.msg]).toEqual([400, 'error.passkey_refused']);
    expect((await change(forNew, '135790')).status).toBe(200);
    expect((await change(forNew, '135790')).body.msg).toBe('error.passkey_expired');
    expect((await s.call('wallet/bankWithdrawal', withdrawal('10'), { token: m.token })).body.msg).toBe('error.pay_password_wrong');
    expect((await s.call('wallet/bankWithdrawal', withdrawal('10', { payPassword: '135790' }), { token: m.token })).status).toBe(200);
  });

  it('needs a PIN to change and a passkey to approve with', async () => {
    const fresh = await s.member();
    expect((await s.call('passkey/stepup_options', { purpose: 'pay_password', newPayPassword: '135790' }, { token: fresh.token })).body.msg).toBe('error.pay_password_unset');
    const m = await readyMember(s);
    expect((await s.call('passkey/stepup_options', { purpose: 'pay_password', newPayPassword: '135790' }, { token: m.token })).body.msg).toBe('error.passkey_none');
    expect((await s.call('passkey/stepup_options', { purpose: 'withdrawal', paymethod: 'bank', amount: '5' }, { token: m.token })).body.msg).toBe('error.amount_incorrect');
    expect((await s.call('passkey/stepup_options', { purpose: 'nothing' }, { token: m.token })).status).toBe(400);
    expect((await s.call('user/reset_paypwd', { oldPayPassword: PIN, newPayPassword: '135790', confirmPayPassword: '135790' }, { token: m.token })).status).toBe(200);
  });
});

describe('removing a passkey', () => {
  it('with the login password, or with another passkey (never itself); nobody else can', async () => {
    const m = await s.member();
    const phone = await addPasskey(m.token, new SoftAuthenticator(), 'Phone');
    const laptop = await addPasskey(m.token, new SoftAuthenticator(), 'Laptop');
    const stranger = await s.member();
    expect((await s.call('passkey/remove', { id: phone.item.id, loginPassword: LOGIN_PASSWORD }, { token: stranger.token })).body.msg).toBe('error.not_found');
    expect((await s.call('passkey/remove', { id: phone.item.id, loginPassword: 'wrong-one' }, { token: m.token })).body.msg).toBe('error.password_wrong');
    expect((await s.call('passkey/remove', { id: phone.item.id }, { token: m.token })).body.data).toEqual({ fields: { loginPassword: 'field.required' } });

    const options = await stepUpOptions(m.token, { purpose: 'passkey_remove', id: phone.item.id });
    expect(options.allowCredentials.map((c) => c.id)).toEqual(laptop.auth.ids());
    // The phone signing its own removal (the options did not offer it).
    const itself = phone.auth.get({ ...options, allowCredentials: [] });
    expect((await s.call('passkey/remove', { id: phone.item.id, passkey: itself }, { token: m.token })).body.msg).toBe('error.passkey_refused');
    // The laptop's approval names the phone: it removes nothing else.
    const byLaptop = laptop.auth.get(options);
    expect((await s.call('passkey/remove', { id: laptop.item.id, passkey: byLaptop }, { token: m.token })).body.msg).toBe('error.passkey_refused');
    expect((await s.call('passkey/remove', { id: phone.item.id, passkey: byLaptop }, { token: m.token })).status).toBe(200);
    expect((await s.call('passkey/stepup_options', { purpose: 'passkey_remove', id: laptop.item.id }, { token: m.token })).body.msg).toBe('error.passkey_none');
    expect((await s.call('passkey/remove', { id: laptop.item.id, loginPassword: LOGIN_PASSWORD }, { token: m.token })).status).toBe(200);
    expect((await s.call('passkey/list', {}, { token: m.token })).body.data).toEqual({ items: [] });
  });
});

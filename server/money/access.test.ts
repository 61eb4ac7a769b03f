import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { api, type ApiPath } from '../../src/contract/api.ts';
import { operatorEndpoint } from '../operator/endpoint.ts';
import { useTestServer } from '../testing/harness.ts';
import { address, balances, jpeg, op, PIN, png, readyMember, tempUploadDir, withdrawal } from '../testing/money.ts';

const s = useTestServer({ UPLOAD_DIR: tempUploadDir() });

/** Every member path of money in and out, identity and passwords. */
const MONEY_PATHS = [
  'user/save_bank', 'user/deposit', 'user/bind_idcard', 'user/idcard', 'user/balance_list', 'user/reset_pwd', 'user/reset_paypwd',
  'user/getUserWallets', 'user/water', 'wallet/bankWithdrawal', 'wallet/trcWithdrawal', 'wallet/getRechargeAddress', 'wallet/submit',
] as const satisfies readonly ApiPath[];

describe('access (d): member B can neither read nor act on member A\'s records', () => {
  it('every path answers 401 without a valid token', async () => {
    for (const path of MONEY_PATHS) {
      const method = api[path].method;
      for (const token of [undefined, 'Bearer nope', '']) {
        const r = await s.call(path, {}, { method, ...(token === undefined ? {} : { token }) });
        expect([path, r.status, r.body.msg]).toEqual([path, 401, 'error.unauthorized']);
      }
    }
  });

  it('A\'s card, addresses, deposits, withdrawals, refunds, identity and fund flow stay invisible and untouchable to B', async () => {
    const a = await readyMember(s, '300.00');
    const b = await s.member();
    await s.call('user/deposit', { method: 'bank', amount: '40.00', reference: 'A-REF' }, { token: a.token });
    expect((await s.call('wallet/bankWithdrawal', withdrawal('30.00'), { token: a.token })).status).toBe(200);
    await s.call('wallet/submit', { nationality: 'VN', name: 'A', idNumber: 'A-ID-1', lostAmount: '9', refundNumber: 'A-R', payPassword: PIN }, { token: a.token });
    expect((await s.call('user/bind_idcard', { realName: 'Alice A', idNumber: 'ALICE12345', front: png(800, 600), back: jpeg(800, 600) }, { token: a.token })).status).toBe(200);
    const aBefore = await balances(s, a.token);

    // Reads: B sees only B.
    expect((await s.call('user/getUserWallets', {}, { token: b.token })).body.data).toEqual({ bank: null, addresses: [] });
    const bBalances = await balances(s, b.token);
    expect([bBalances.balance, bBalances.requests]).toEqual(['0.00', []]);
    expect((await s.call('user/water', {}, { token: b.token })).body.data).toMatchObject({ items: [], total: 0 });
    for (const type of ['deposit', 'withdraw_freeze', 'adjust', 'refund']) {
      expect((await s.call('user/water', { type }, { token: b.token })).body.data).toMatchObject({ total: 0 });
    }
    const bId = await s.call('user/idcard', undefined, { token: b.token, method: 'GET' });
    expect(bId.body.data).toMatchObject({ status: 'none', realName: null });
    for (const query of ['?userId=' + a.id, '?id=1', '?user_id=' + a.id]) {
      expect((await s.call('user/idcard', undefined, { token: b.token, method: 'GET', query })).body.data).toMatchObject({ status: 'none' });
    }
    expect(JSON.stringify(await s.call('user/balance_list', { userId: a.id }, { token: b.token }))).not.toContain('A-REF');

    // Actions: B cannot withdraw to A's card or address, and extra ids in a body do not redirect anything.
    await s.call('user/reset_paypwd', { loginPassword: 'secret123', newPayPassword: PIN, confirmPayPassword: PIN }, { token: b.token });
    await op(s, 'credit', b.username, '100.00', '--reason', 'test');
    const toCard = await s.call('wallet/bankWithdrawal', withdrawal('10', { userId: a.id }), { token: b.token });
    expect(toCard.body.msg).toBe('error.no_bank_card');
    const toAddress = await s.call('wallet/trcWithdrawal', withdrawal('10', { paymethod: 'trc20', addressId: a.addressId }), { token: b.token });
    expect([toAddress.status, toAddress.body.msg, toAddress.body.data]).toEqual([404, 'error.not_found', { fields: { addressId: 'error.not_found' } }]);
    // Binding the same address as A gives B its own record, not A's.
    const same = await s.call('user/save_bank', { kind: 'trc20', address: await address(a.id) }, { token: b.token });
    expect((same.body.data as { addresses: { id: number }[] }).addresses[0]?.id).not.toBe(a.addressId);
    // B's idempotency keys are B's: reusing A's key neither replays A's answer nor conflicts with it.
    const shared = { 'idempotency-key': `shared-${randomUUID()}` };
    const aDep = await s.call('user/deposit', { method: 'bank', amount: '11.00', reference: 'A2' }, { token: a.token, headers: shared });
    const bDep = await s.call('user/deposit', { method: 'bank', amount: '12.00', reference: 'B2' }, { token: b.token, headers: shared });
    expect(bDep.status).toBe(200);
    expect((bDep.body.data as { id: number }).id).not.toBe((aDep.body.data as { id: number }).id);
    // B changing passwords changes B's only.
    await s.call('user/reset_pwd', { oldPassword: 'secret123', newPassword: 'bnewpass1', confirmPassword: 'bnewpass1' }, { token: b.token });
    expect((await s.call('user/login', { username: a.username, password: 'secret123' })).status).toBe(200);
    expect((await s.call('user/details', {}, { token: a.token })).status).toBe(200);

    const aAfter = await balances(s, a.token);
    expect([aAfter.balance, aAfter.available, aAfter.frozen]).toEqual([aBefore.balance, aBefore.available, aBefore.frozen]);
    expect(aAfter.requests.map((r) => r.id).sort()).toEqual([...aBefore.requests.map((r) => r.id), (aDep.body.data as { id: number }).id].sort());
    expect((await s.call('user/idcard', undefined, { token: a.token, method: 'GET' })).body.data).toMatchObject({ status: 'review', idNumberMasked: 'AL******45' });
  });

  it('no member-reachable path approves anything; the operator endpoint refuses without its secret', async () => {
    const m = await readyMember(s, '10.00');
    for (const path of ['admin/approve', 'operator/approve', 'user/approve', 'wallet/approve']) {
      expect((await s.call(path, { kind: 'deposit', id: 1 }, { token: m.token })).status).toBe(404);
    }
    expect((await s.app.request('/internal/operator', { method: 'POST', body: '{}' })).status).toBe(404);
    const root = new Hono();
    operatorEndpoint(root, s.deps);
    // From loopback, where the path exists at all (endpoint.test.ts).
    const forged = await root.request(
      '/internal/operator',
      { method: 'POST', headers: { 'x-operator-secret': 'guess', authorization: m.token }, body: JSON.stringify({ name: 'credit', args: [m.username, '1000'] }) },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(forged.status).toBe(403);
    expect((await balances(s, m.token)).balance).toBe('10.00');
  });
});

import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness.ts';
import { LOGIN_PASSWORD, PIN, readyMember, tempUploadDir, withdrawal } from '../testing/money.ts';

const s = useTestServer({ UPLOAD_DIR: tempUploadDir() });
const login = async (username: string, password: string) => s.call('user/login', { username, password });

describe('transaction password (user/reset_paypwd)', () => {
  it('is set the first time with the login password, and changed later with the current one', async () => {
    const m = await s.member();
    const noProof = await s.call('user/reset_paypwd', { newPayPassword: '111111', confirmPayPassword: '111111' }, { token: m.token });
    expect(noProof.body.data).toEqual({ fields: { loginPassword: 'field.required' } });
    const wrong = await s.call('user/reset_paypwd', { loginPassword: 'nope-nope', newPayPassword: '111111', confirmPayPassword: '111111' }, { token: m.token });
    expect(wrong.body.msg).toBe('error.password_wrong');
    const mismatch = await s.call('user/reset_paypwd', { loginPassword: LOGIN_PASSWORD, newPayPassword: '111111', confirmPayPassword: '111112' }, { token: m.token });
    expect(mismatch.body.data).toEqual({ fields: { confirmPayPassword: 'field.confirm_mismatch' } });
    const notSix = await s.call('user/reset_paypwd', { loginPassword: LOGIN_PASSWORD, newPayPassword: '12345', confirmPayPassword: '12345' }, { token: m.token });
    expect(notSix.body.data).toEqual({ fields: { newPayPassword: 'field.pay_password_format' } });
    expect((await s.call('user/reset_paypwd', { loginPassword: LOGIN_PASSWORD, newPayPassword: '111111', confirmPayPassword: '111111' }, { token: m.token })).status).toBe(200);
    expect(((await s.call('user/details', {}, { token: m.token })).body.data as { hasPayPassword: boolean }).hasPayPassword).toBe(true);
    // Once set, the login password alone no longer changes it.
    const withLogin = await s.call('user/reset_paypwd', { loginPassword: LOGIN_PASSWORD, newPayPassword: '222222', confirmPayPassword: '222222' }, { token: m.token });
    expect(withLogin.body.data).toEqual({ fields: { oldPayPassword: 'field.required' } });
    expect((await s.call('user/reset_paypwd', { oldPayPassword: '111111', newPayPassword: '222222', confirmPayPassword: '222222' }, { token: m.token })).status).toBe(200);
    const stored = await s.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, m.id) });
    expect(stored?.payPasswordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('pay password lockout (f)', () => {
  it('locks after 5 wrong tries for 15 minutes, for withdrawals, refunds and changing it alike', async () => {
    const m = await readyMember(s, '100.00');
    for (let i = 1; i <= 4; i++) {
      const r = await s.call('wallet/bankWithdrawal', withdrawal('10', { payPassword: '000000' }), { token: m.token });
      expect(r.body.msg).toBe('error.pay_password_wrong');
    }
    const fifth = await s.call('wallet/submit', { nationality: 'VN', name: 'X', idNumber: 'A1', lostAmount: '5', refundNumber: 'R1', payPassword: '000000' }, { token: m.token });
    expect([fifth.status, fifth.body.msg]).toEqual([423, 'error.pay_password_locked']);
    // Locked: even the right password is refused everywhere it is asked for.
    expect((await s.call('wallet/bankWithdrawal', withdrawal('10'), { token: m.token })).body.msg).toBe('error.pay_password_locked');
    expect((await s.call('wallet/trcWithdrawal', withdrawal('10', { paymethod: 'trc20' }), { token: m.token })).body.msg).toBe('error.pay_password_locked');
    expect((await s.call('user/reset_paypwd', { oldPayPassword: PIN, newPayPassword: '333333', confirmPayPassword: '333333' }, { token: m.token })).body.msg).toBe('error.pay_password_locked');

    s.clock.advance(15 * 60_000 - 1);
    expect((await s.call('wallet/bankWithdrawal', withdrawal('10'), { token: m.token })).body.msg).toBe('error.pay_password_locked');
    s.clock.advance(1);
    const ok = await s.call('wallet/bankWithdrawal', withdrawal('10'), { token: m.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // Nothing moved while it was locked: one 10.00 freeze in all.
    expect(((await s.call('user/balance_list', {}, { token: m.token })).body.data as { frozen: string }).frozen).toBe('10.00');
  });

  it('a right password resets the count of wrong tries', async () => {
    const m = await readyMember(s, '100.00');
    for (let i = 0; i < 4; i++) await s.call('wallet/bankWithdrawal', withdrawal('10', { payPassword: '999999' }), { token: m.token });
    expect((await s.call('wallet/bankWithdrawal', withdrawal('10'), { token: m.token })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await s.call('wallet/bankWithdrawal', withdrawal('10', { payPassword: '999999' }), { token: m.token })).body.msg).toBe('error.pay_password_wrong');
    }
  });
});

describe('login password (user/reset_pwd) (g)', () => {
  it('checks the current password and the confirmation, then revokes every other session', async () => {
    const m = await s.member();
    const other = ((await login(m.username, LOGIN_PASSWORD)).body.data as { accessToken: string }).accessToken;
    const third = ((await login(m.username, LOGIN_PASSWORD)).body.data as { accessToken: string }).accessToken;
    const wrong = await s.call('user/reset_pwd', { oldPassword: 'not-mine', newPassword: 'brandnew1', confirmPassword: 'brandnew1' }, { token: m.token });
    expect([wrong.body.msg, wrong.body.data]).toEqual(['error.password_wrong', { fields: { oldPassword: 'error.password_wrong' } }]);
    const mismatch = await s.call('user/reset_pwd', { oldPassword: LOGIN_PASSWORD, newPassword: 'brandnew1', confirmPassword: 'brandnew2' }, { token: m.token });
    expect(mismatch.body.data).toEqual({ fields: { confirmPassword: 'field.confirm_mismatch' } });
    expect((await s.call('user/details', {}, { token: other })).status).toBe(200); // nothing changed yet

    const ok = await s.call('user/reset_pwd', { oldPassword: LOGIN_PASSWORD, newPassword: 'brandnew1', confirmPassword: 'brandnew1' }, { token: m.token });
    expect(ok.body).toEqual({ code: 0, msg: '', data: { ok: true } });
    expect((await s.call('user/details', {}, { token: m.token })).status).toBe(200);
    expect((await s.call('user/details', {}, { token: other })).status).toBe(401);
    expect((await s.call('user/details', {}, { token: third })).status).toBe(401);
    expect((await login(m.username, LOGIN_PASSWORD)).status).toBe(401);
    expect((await login(m.username, 'brandnew1')).status).toBe(200);
  });

  it('rate-limits guessing the current password through a stolen session', async () => {
    const m = await s.member();
    for (let i = 0; i < 5; i++) await s.call('user/reset_pwd', { oldPassword: `guess-${i}`, newPassword: 'brandnew1', confirmPassword: 'brandnew1' }, { token: m.token });
    const blocked = await s.call('user/reset_pwd', { oldPassword: LOGIN_PASSWORD, newPassword: 'brandnew1', confirmPassword: 'brandnew1' }, { token: m.token });
    expect([blocked.status, blocked.body.msg]).toEqual([429, 'error.rate_limited']);
  });
});

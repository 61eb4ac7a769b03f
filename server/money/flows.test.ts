import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness.ts';
import { balances, op, PIN, readyMember, tempUploadDir, withdrawal } from '../testing/money.ts';

const s = useTestServer({ UPLOAD_DIR: tempUploadDir() });
type Water = { items: { type: string; amount: string; available: string; balanceAfter: string; ref: string | null }[]; total: number };
const water = async (token: string, body: Record<string, unknown> = {}) => (await s.call('user/water', body, { token })).body.data as Water;
const details = async (token: string) => (await s.call('user/details', {}, { token })).body.data as { level: number; balance: string; verified: boolean };

describe('deposit under review, then the operator decides (e)', () => {
  it('approval raises the balance and the level; the fund flow shows the credit', async () => {
    const m = await readyMember(s);
    const dep = await s.call('user/deposit', { method: 'bank', amount: '150.00', reference: 'VCB-123456' }, { token: m.token });
    expect(dep.status).toBe(200);
    const item = dep.body.data as { id: number; status: string };
    expect(item).toMatchObject({ kind: 'deposit', method: 'bank', amount: '150.00', status: 'review', reason: null });
    expect((await balances(s, m.token)).balance).toBe('0.00');
    expect(await op(s, 'pending', 'deposits')).toContain(`#${item.id}`);

    s.clock.advance(60_000);
    expect(await op(s, 'approve', 'deposit', String(item.id))).toContain('150.00 credited');
    const b = await balances(s, m.token);
    expect([b.balance, b.available, b.frozen]).toEqual(['150.00', '150.00', '0.00']);
    expect(b.requests[0]).toMatchObject({ id: item.id, status: 'success' });
    expect((await details(m.token)).level).toBe(2); // 150 >= the 100.00 threshold of level 2
    expect((await water(m.token)).items[0]).toMatchObject({ type: 'deposit', amount: '150.00', balanceAfter: '150.00', ref: `deposit:${item.id}` });
    await expect(op(s, 'approve', 'deposit', String(item.id))).rejects.toThrow(/no longer under review/);
  });

  it('denial credits nothing and shows the reason; a receipt image is accepted', async () => {
    const m = await readyMember(s);
    const { png } = await import('../testing/money.ts');
    const dep = await s.call('user/deposit', { method: 'trc20', amount: '20', reference: '0xabc', receipt: png(400, 300) }, { token: m.token });
    expect(dep.status).toBe(200);
    const id = (dep.body.data as { id: number }).id;
    expect(await op(s, 'pending', 'deposit')).toMatch(/receipt [0-9a-f]{32}\.png/);
    await expect(op(s, 'deny', 'deposit', String(id))).rejects.toThrow(/--reason/);
    await op(s, 'deny', 'deposit', String(id), '--reason', 'No transfer received');
    const b = await balances(s, m.token);
    expect(b.balance).toBe('0.00');
    expect(b.requests[0]).toMatchObject({ id, status: 'fail', reason: 'No transfer received' });
  });

  it('refuses amounts below the minimum with "Incorrect Amount" and a missing one with "Please Enter The Amount"', async () => {
    const m = await readyMember(s);
    const low = await s.call('user/deposit', { method: 'bank', amount: '9.99', reference: 'x' }, { token: m.token });
    expect([low.body.msg, low.body.data]).toEqual(['error.amount_incorrect', { fields: { amount: 'error.amount_incorrect' } }]);
    const missing = await s.call('user/deposit', { method: 'bank', reference: 'x' }, { token: m.token });
    expect(missing.body.data).toEqual({ fields: { amount: 'error.amount_required' } });
    const tooPrecise = await s.call('user/deposit', { method: 'bank', amount: '10.001', reference: 'x' }, { token: m.token });
    expect(tooPrecise.body.data).toEqual({ fields: { amount: 'error.amount_incorrect' } });
  });
});

describe('withdrawal: frozen under review, then paid or returned (e)', () => {
  it('denial restores the available balance and shows the reason; the fund flow lists each step', async () => {
    const m = await readyMember(s, '500.00');
    const w = await s.call('wallet/bankWithdrawal', withdrawal('200.00'), { token: m.token });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const id = (w.body.data as { id: number }).id;
    let b = await balances(s, m.token);
    expect([b.balance, b.available, b.frozen]).toEqual(['500.00', '300.00', '200.00']);
    expect(await op(s, 'pending', 'withdrawals')).toContain('6222020200112233'); // the operator sees where to pay

    await op(s, 'deny', 'withdrawal', String(id), '--reason', 'Name does not match the card');
    b = await balances(s, m.token);
    expect([b.balance, b.available, b.frozen]).toEqual(['500.00', '500.00', '0.00']);
    expect(b.requests.find((r) => r.kind === 'withdrawal')).toMatchObject({ id, status: 'fail', reason: 'Name does not match the card' });
    const flow = (await water(m.token)).items.map((i) => [i.type, i.amount, i.available, i.balanceAfter]);
    expect(flow).toEqual([
      ['withdraw_unfreeze', '0.00', '200.00', '500.00'],
      ['withdraw_freeze', '0.00', '-200.00', '500.00'],
      ['adjust', '500.00', '500.00', '500.00'],
    ]);
  });

  it('approval debits the frozen amount', async () => {
    const m = await readyMember(s, '100.00');
    const w = await s.call('wallet/trcWithdrawal', withdrawal('60.00', { paymethod: 'trc20', addressId: m.addressId }), { token: m.token });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const id = (w.body.data as { id: number }).id;
    expect(await op(s, 'approve', 'withdrawal', String(id))).toMatch(/60\.00 paid out to TRC20 T/);
    const b = await balances(s, m.token);
    expect([b.balance, b.available, b.frozen]).toEqual(['40.00', '40.00', '0.00']);
    expect((await water(m.token, { type: 'withdraw' })).items.map((i) => i.amount)).toEqual(['-60.00']);
  });

  it('needs a bound card (the spec\'s message), a bound address, enough money and the right method', async () => {
    const m = await s.member();
    await s.call('user/reset_paypwd', { loginPassword: 'secret123', newPayPassword: PIN, confirmPayPassword: PIN }, { token: m.token });
    const noCard = await s.call('wallet/bankWithdrawal', withdrawal('10'), { token: m.token });
    expect([noCard.status, noCard.body.msg]).toEqual([400, 'error.no_bank_card']);
    const noAddress = await s.call('wallet/trcWithdrawal', withdrawal('10', { paymethod: 'trc20' }), { token: m.token });
    expect(noAddress.body.msg).toBe('error.no_address');
    const r = await readyMember(s, '50.00');
    const tooMuch = await s.call('wallet/bankWithdrawal', withdrawal('50.01'), { token: r.token });
    expect([tooMuch.status, tooMuch.body.msg]).toEqual([409, 'error.insufficient_balance']);
    const wrongPath = await s.call('wallet/bankWithdrawal', withdrawal('10', { paymethod: 'trc20' }), { token: r.token });
    expect(wrongPath.body.data).toEqual({ fields: { paymethod: 'field.invalid' } });
    const low = await s.call('wallet/bankWithdrawal', withdrawal('9.99'), { token: r.token });
    expect(low.body.msg).toBe('error.amount_incorrect');
    const noAmount = await s.call('wallet/bankWithdrawal', withdrawal(''), { token: r.token });
    expect(noAmount.body.data).toEqual({ fields: { amount: 'error.amount_required' } });
    expect((await balances(s, r.token)).available).toBe('50.00');
  });

  it('needs a pay password that is set', async () => {
    const m = await s.member();
    const r = await s.call('wallet/bankWithdrawal', withdrawal('10'), { token: m.token });
    expect(r.body.msg).toBe('error.pay_password_unset');
  });
});

describe('anti-fraud refund request (e)', () => {
  const refund = (over: Record<string, unknown> = {}) => ({ nationality: 'Vietnam', name: 'Tran Thi B', idNumber: 'C1234567', lostAmount: '300.00', refundNumber: 'RF-001', payPassword: PIN, ...over });

  it('approval credits the refund through the ledger; denial shows the reason', async () => {
    const m = await readyMember(s);
    const r = await s.call('wallet/submit', refund(), { token: m.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = (r.body.data as { id: number }).id;
    expect(r.body.data).toMatchObject({ kind: 'refund', amount: '300.00', status: 'review' });
    expect((await s.call('wallet/submit', refund(), { token: m.token })).body.msg).toBe('error.review_pending');
    await expect(op(s, 'approve', 'refund', String(id), '--amount', '300.01')).rejects.toThrow(/cannot credit more/);
    expect(await op(s, 'approve', 'refund', String(id), '--amount', '250.00')).toContain('250.00 credited');
    let b = await balances(s, m.token);
    expect(b.balance).toBe('250.00');
    expect(b.requests[0]).toMatchObject({ kind: 'refund', status: 'success', amount: '250.00' });
    expect((await water(m.token, { type: 'refund' })).items[0]).toMatchObject({ amount: '250.00', ref: `refund:${id}` });

    const second = await s.call('wallet/submit', refund({ refundNumber: 'RF-002' }), { token: m.token });
    await op(s, 'deny', 'refund', String((second.body.data as { id: number }).id), '--reason', 'Not a platform transaction');
    b = await balances(s, m.token);
    expect(b.balance).toBe('250.00');
    expect(b.requests[0]).toMatchObject({ status: 'fail', reason: 'Not a platform transaction' });
  });

  it('needs the right pay password', async () => {
    const m = await readyMember(s);
    const r = await s.call('wallet/submit', refund({ payPassword: '000000' }), { token: m.token });
    expect([r.body.msg, r.body.data]).toEqual(['error.pay_password_wrong', { fields: { payPassword: 'error.pay_password_wrong' } }]);
  });
});

describe('operator credit and adjust', () => {
  it('credit and adjust go through the ledger; adjust never overdraws', async () => {
    const m = await readyMember(s);
    expect(await op(s, 'credit', m.username, '12.50', '--reason', 'goodwill')).toContain('balance now 12.50');
    expect(await op(s, 'adjust', m.username, '-2.50', '--reason', 'typo')).toContain('balance now 10.00');
    await expect(op(s, 'adjust', m.username, '-10.01', '--reason', 'too much')).rejects.toThrow(/less than 10.01/);
    await expect(op(s, 'adjust', m.username, '5')).rejects.toThrow(/--reason/);
    await expect(op(s, 'credit', m.username, '1.001')).rejects.toThrow(/at most 2 decimals/);
    await expect(op(s, 'credit', 'nobody-here', '1')).rejects.toThrow(/No member/);
    await expect(op(s, 'approve', 'parcel', '1')).rejects.toThrow(/Unknown kind/);
    await expect(op(s, 'approve', 'deposit', 'abc')).rejects.toThrow(/Not an id/);
    const flow = await water(m.token, { type: 'adjust' });
    expect(flow.items.map((i) => [i.amount, i.ref])).toEqual([['-2.50', 'operator adjust: typo'], ['12.50', 'operator credit: goodwill']]);
  });
});

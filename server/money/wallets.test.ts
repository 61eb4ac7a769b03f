import { describe, expect, it } from 'vitest';
import { isTrc20Address } from '../../src/shared/trc20.ts';
import { useTestServer } from '../testing/harness.ts';
import { address, bankCardBody, op, tempUploadDir } from '../testing/money.ts';

const s = useTestServer({ UPLOAD_DIR: tempUploadDir() });
type Wallets = { bank: { cardNumber: string; bankName: string } | null; addresses: { id: number; address: string }[] };

describe('bank card and TRC20 address binding (user/save_bank, user/getUserWallets)', () => {
  it('starts empty, binds a card, answers it masked, and replaces it on a second bind', async () => {
    const { token } = await s.member();
    expect((await s.call('user/getUserWallets', {}, { token })).body.data).toEqual({ bank: null, addresses: [] });
    const first = await s.call('user/save_bank', bankCardBody, { token });
    expect(first.status).toBe(200);
    expect((first.body.data as Wallets).bank).toMatchObject({ bankName: 'Vietcombank', cardNumber: '**** 2233' });
    await s.call('user/save_bank', { ...bankCardBody, bankName: 'TCB', cardNumber: '9704000011112222' }, { token });
    const after = (await s.call('user/getUserWallets', {}, { token })).body.data as Wallets;
    expect(after.bank).toMatchObject({ bankName: 'TCB', cardNumber: '**** 2222' });
  });

  it('refuses a bank we do not list and a malformed card number', async () => {
    const { token } = await s.member();
    const bank = await s.call('user/save_bank', { ...bankCardBody, bankName: 'Bank of Nowhere' }, { token });
    expect([bank.status, bank.body.msg, bank.body.data]).toEqual([400, 'error.validation', { fields: { bankName: 'field.invalid' } }]);
    const card = await s.call('user/save_bank', { ...bankCardBody, cardNumber: '12ab' }, { token });
    expect(card.body.data).toEqual({ fields: { cardNumber: 'field.card_format' } });
    expect((await s.call('user/getUserWallets', {}, { token })).body.data).toEqual({ bank: null, addresses: [] });
  });

  it('binds a TRC20 address only when its checksum holds; binding the same one twice is one address', async () => {
    const { token } = await s.member();
    const good = await address(7);
    const bad = good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a');
    const refused = await s.call('user/save_bank', { kind: 'trc20', address: bad }, { token });
    expect([refused.status, refused.body.msg]).toEqual([400, 'error.address_invalid']);
    await s.call('user/save_bank', { kind: 'trc20', address: good }, { token });
    const again = await s.call('user/save_bank', { kind: 'trc20', address: good }, { token });
    expect((again.body.data as Wallets).addresses.map((a) => a.address)).toEqual([good]);
  });

  it('caps a member at 5 addresses', async () => {
    const { token } = await s.member();
    for (let i = 1; i <= 5; i++) expect((await s.call('user/save_bank', { kind: 'trc20', address: await address(i) }, { token })).status).toBe(200);
    const sixth = await s.call('user/save_bank', { kind: 'trc20', address: await address(6) }, { token });
    expect([sixth.status, sixth.body.msg]).toEqual([400, 'error.address_limit']);
  });
});

describe('wallet/getRechargeAddress', () => {
  it("answers the platform's TRC20 address (a valid one) and bank account", async () => {
    const { token } = await s.member();
    const trc = await s.call('wallet/getRechargeAddress', { method: 'trc20' }, { token });
    const data = trc.body.data as { address: string; network: string; currency: string };
    expect(data).toMatchObject({ network: 'TRC20', currency: 'USDT' });
    expect(await isTrc20Address(data.address)).toBe(true);
    const bank = await s.call('wallet/getRechargeAddress', { method: 'bank' }, { token });
    expect(bank.body.data).toMatchObject({ method: 'bank', address: null, bank: { bankName: 'Vietcombank', cardNumber: '0071000123456' } });
  });

  it('follows what the operator sets, and the operator cannot set an invalid address', async () => {
    const { token } = await s.member();
    const next = await address(99);
    await expect(op(s, 'recharge-set', 'recharge.trc20.address', next.slice(0, -1) + '1')).rejects.toThrow(/checksum/);
    await expect(op(s, 'recharge-set', 'recharge.nope', 'x')).rejects.toThrow(/Unknown key/);
    expect(await op(s, 'recharge-set', 'recharge.trc20.address', next)).toContain(next);
    const r = await s.call('wallet/getRechargeAddress', { method: 'trc20' }, { token });
    expect((r.body.data as { address: string }).address).toBe(next);
  });
});

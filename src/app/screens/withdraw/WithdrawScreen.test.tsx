import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { balanceList, expectUsableOnPhone, moneyHandlers, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';
import { expectStaysPut } from '../../testing/staysPut.ts';

resetBrowserState();
guardConsole();

const pendingItem = { id: 20, kind: 'withdrawal', method: 'bank', amount: '100.00', status: 'review', reason: null, createdAt: 1_700_000_500_000, decidedAt: null };

const setup = (handlers = {}) => {
  signIn();
  return renderApp('/withdraw', { ...moneyHandlers, ...handlers });
};
type Screen = Awaited<ReturnType<typeof setup>>['screen'];
const submit = (screen: Screen) => screen.getByRole('button', { name: en.withdraw.submit, exact: true }).click();
async function fill(screen: Screen, amount: string, password: string) {
  await screen.getByLabelText(en.withdraw.amount).fill(amount);
  await screen.getByLabelText(en.withdraw.password).fill(password);
}

describe('/withdraw', () => {
  it('shows the available balance and prompts for the amount and withdrawal password', async () => {
    const { api, screen } = await setup();
    await expect.element(screen.getByText('1,000.50 USDT')).toBeVisible();
    await expect.element(screen.getByLabelText(en.withdraw.amount)).toHaveAttribute('placeholder', en.prompt.withdrawAmount);
    await submit(screen);
    await expect.element(screen.getByText('Please Enter The Amount')).toBeVisible();
    await expect.element(screen.getByText(en.prompt.withdrawPassword)).toBeVisible();
    expect(api.count('wallet/bankWithdrawal')).toBe(0);
    expectUsableOnPhone();
  });

  it('keeps the form where it is when the balance arrives, so a tap meant for a choice lands on it', async () => {
    signIn();
    const { api, screen } = await renderApp('/withdraw', moneyHandlers, { hold: ['user/balance_list'] });
    const balance = await api.nextRequest('user/balance_list');
    await expect.element(screen.getByText(en.app.loading)).toBeVisible();
    await expectStaysPut(screen.getByRole('radio', { name: en.withdraw.to_address }), () => balance.release(), screen.getByText('1,000.50 USDT'));
  });

  it('says "Incorrect Amount" for a malformed, zero or below-minimum amount, and checks the 6 digits', async () => {
    const { api, screen } = await setup();
    for (const amount of ['12.345', '0', '-5', '1e3']) {
      await fill(screen, amount, '12345');
      await submit(screen);
      await expect.element(screen.getByText('Incorrect Amount')).toBeVisible();
      // A good amount clears it, so the next round proves its own message.
      await fill(screen, '100', '12345');
      await submit(screen);
      await expect.element(screen.getByText('Incorrect Amount')).not.toBeInTheDocument();
    }
    // Under the minimum (common/config's 10.00): checked, as by the server, once the rest of the body is good.
    await fill(screen, '9.99', '123456');
    await submit(screen);
    await expect.element(screen.getByText('Incorrect Amount')).toBeVisible();
    await fill(screen, '100', '12345');
    await submit(screen);
    await expect.element(screen.getByText(en.field.pay_password_format)).toBeVisible();
    expect(api.count('wallet/bankWithdrawal')).toBe(0);
  });

  it("shows the server's insufficient-balance refusal and keeps the amount", async () => {
    const { screen } = await setup({ 'wallet/bankWithdrawal': () => fail(409, 4020, 'error.insufficient_balance') });
    await fill(screen, '5000', '123456');
    await submit(screen);
    await expect.element(screen.getByRole('alert')).toHaveTextContent(en.error.insufficient_balance);
    await expect.element(screen.getByLabelText(en.withdraw.amount)).toHaveValue('5000');
  });

  it('withdraws to the card: says the withdrawal is submitted and under review, sends an Idempotency-Key and reloads the balance', async () => {
    let withdrawn = false;
    const { api, screen } = await setup({
      'wallet/bankWithdrawal': () => {
        withdrawn = true;
        return ok(pendingItem);
      },
      'user/balance_list': () => ok(withdrawn ? { ...balanceList, available: '900.50', frozen: '159.50', requests: [pendingItem] } : balanceList),
    });
    await fill(screen, '100', '123456');
    await submit(screen);
    await expect.element(screen.getByRole('status')).toHaveTextContent(en.msg.withdraw_submitted);
    const req = api.last('wallet/bankWithdrawal');
    expect(req?.body).toEqual({ paymethod: 'bank', amount: '100', payPassword: '123456', Authorization: '' });
    expect(req?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(req?.headers.get('Authorization')).toBe('tok');
    await expect.element(screen.getByText('900.50 USDT')).toBeVisible();
    await expect.element(screen.getByRole('region', { name: en.withdraw.mine }).getByText(en.review.status_review)).toBeVisible();
    await expect.element(screen.getByLabelText(en.withdraw.amount)).toHaveValue('');
  });

  it('with no card bound: shows the spec message with a link to bind one, keeping what was typed', async () => {
    const { screen } = await setup({ 'wallet/bankWithdrawal': () => fail(400, 4005, 'error.no_bank_card') });
    await fill(screen, '100', '123456');
    await submit(screen);
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Unknown Bank Card, Please Enter The Bank Card First');
    await expect.element(screen.getByRole('link', { name: en.withdraw.bind_card })).toHaveAttribute('href', '/bindBankCard');
    await expect.element(screen.getByLabelText(en.withdraw.amount)).toHaveValue('100');
  });

  it('a wrong password shows under the field; a retry reuses the Idempotency-Key', async () => {
    const { api, screen } = await setup({ 'wallet/bankWithdrawal': () => fail(400, 4030, 'error.pay_password_wrong', { payPassword: 'error.pay_password_wrong' }) });
    await fill(screen, '100', '654321');
    await submit(screen);
    await expect.element(screen.getByText(en.error.pay_password_wrong, { exact: true }).first()).toBeVisible();
    await submit(screen);
    await expect.poll(() => api.count('wallet/bankWithdrawal')).toBe(2);
    const [a, b] = api.requests.filter((r) => r.path === 'wallet/bankWithdrawal').map((r) => r.headers.get('Idempotency-Key'));
    expect(b).toBe(a);
  });

  it('shows the locked message when the password is locked', async () => {
    const { screen } = await setup({ 'wallet/bankWithdrawal': () => fail(423, 4031, 'error.pay_password_locked') });
    await fill(screen, '100', '654321');
    await submit(screen);
    await expect.element(screen.getByRole('alert')).toHaveTextContent(en.error.pay_password_locked);
  });

  it('withdraws to a TRC20 address through trcWithdrawal', async () => {
    const { api, screen } = await setup({ 'wallet/trcWithdrawal': () => ok({ ...pendingItem, method: 'trc20' }) });
    await screen.getByText(en.withdraw.to_address).click();
    await fill(screen, '50.5', '123456');
    await submit(screen);
    await expect.element(screen.getByRole('status')).toHaveTextContent(en.msg.withdraw_submitted);
    expect(api.last('wallet/trcWithdrawal')?.body).toEqual({ paymethod: 'trc20', amount: '50.5', payPassword: '123456', Authorization: '' });
    expect(api.count('wallet/bankWithdrawal')).toBe(0);
  });

  it('without a transaction password: links to set one', async () => {
    const { screen } = await setup({ 'wallet/bankWithdrawal': () => fail(400, 4032, 'error.pay_password_unset') });
    await fill(screen, '100', '123456');
    await submit(screen);
    await expect.element(screen.getByRole('alert')).toHaveTextContent(en.error.pay_password_unset);
    await expect.element(screen.getByRole('link', { name: en.withdraw.set_password })).toHaveAttribute('href', '/txpassword');
  });
});

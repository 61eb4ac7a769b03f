import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { balanceList, expectUsableOnPhone, moneyHandlers, noWallets, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';
import { expectStaysPut } from '../../testing/staysPut.ts';

resetBrowserState();
guardConsole();

describe('/wallet', () => {
  it('shows account, available and frozen balances, the bound card and address, and the ways in and out', async () => {
    signIn();
    const { screen } = await renderApp('/wallet', moneyHandlers);
    const balances = screen.getByRole('region', { name: en.wallet.balances });
    await expect.element(balances.getByText('1,060.00 USDT')).toBeVisible();
    await expect.element(balances.getByText('1,000.50 USDT')).toBeVisible();
    await expect.element(balances.getByText('59.50 USDT')).toBeVisible();
    await expect.element(screen.getByText('Vietcombank · **** 1234 · Alice Nguyen')).toBeVisible();
    await expect.element(screen.getByText('TLm29gGY1hPDTVrGX5Jxrag5qoxQ2F7LSs')).toBeVisible();
    await expect.element(balances.getByRole('link', { name: en.wallet.deposit })).toHaveAttribute('href', '/recharge');
    await expect.element(balances.getByRole('link', { name: en.wallet.withdraw })).toHaveAttribute('href', '/withdraw');
    await expect.element(screen.getByRole('link', { name: en.wallet.manage })).toHaveAttribute('href', '/bindBankCard');
    expectUsableOnPhone();
  });

  it('keeps the ways in and out where they are when the balances and the bound wallets arrive', async () => {
    signIn();
    const { api, screen } = await renderApp('/wallet', { ...moneyHandlers, 'user/getUserWallets': () => ok(noWallets) }, { hold: ['user/balance_list', 'user/getUserWallets'] });
    const [balance, wallets] = await Promise.all([api.nextRequest('user/balance_list'), api.nextRequest('user/getUserWallets')]);
    const deposit = screen.getByRole('link', { name: en.wallet.deposit });
    await expectStaysPut(deposit, () => balance.release(), screen.getByText('1,060.00 USDT'));
    await expectStaysPut(deposit, () => wallets.release(), screen.getByText(en.wallet.no_card));
  });

  it('lists my requests with their status, and the reason of a denial', async () => {
    signIn();
    const { screen } = await renderApp('/wallet', moneyHandlers);
    const list = screen.getByRole('region', { name: en.wallet.requests });
    await expect.element(list.getByText(en.review.status_review)).toBeVisible();
    await expect.element(list.getByText(en.review.status_success)).toBeVisible();
    await expect.element(list.getByText(en.review.status_fail)).toBeVisible();
    await expect.element(list.getByText('Reason: Name does not match the card')).toBeVisible();
    await expect.element(list.getByText('250.00 USDT')).toBeVisible();
  });

  it('says when nothing is bound, and offers to bind', async () => {
    signIn();
    const { screen } = await renderApp('/wallet', { ...moneyHandlers, 'user/getUserWallets': () => ok(noWallets) });
    await expect.element(screen.getByText(en.wallet.no_card)).toBeVisible();
    await expect.element(screen.getByText(en.wallet.no_addresses)).toBeVisible();
    await expect.element(screen.getByRole('link', { name: en.wallet.bind })).toHaveAttribute('href', '/bindBankCard');
  });

  it('shows a translated failure with a retry', async () => {
    signIn();
    let calls = 0;
    const { screen } = await renderApp('/wallet', {
      ...moneyHandlers,
      'user/balance_list': () => (++calls === 1 ? fail(500, 5000, 'error.internal') : ok(balanceList)),
    });
    await expect.element(screen.getByText(en.error.internal)).toBeVisible();
    await screen.getByRole('button', { name: en.app.retry }).click();
    await expect.element(screen.getByText('1,060.00 USDT')).toBeVisible();
  });

  it('signed out: asks to sign in and calls nothing', async () => {
    const { api, screen } = await renderApp('/wallet', moneyHandlers);
    await expect.element(screen.getByText(en.auth.signin_prompt)).toBeVisible();
    expect(api.count('user/balance_list')).toBe(0);
  });
});

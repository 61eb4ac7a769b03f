import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { details, fail, ok, type Handler } from '../../testing/fakeApi.ts';
import { expectMobileLayout } from '../../testing/mobileLayout.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';
import { expectStaysPut } from '../../testing/staysPut.ts';
import { balanceList } from '../../testing/moneyFixtures.ts';
import { holding } from '../wealth/fixtures.ts';

resetBrowserState();
guardConsole();

const fill = (s: string, values: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
const pledge = holding({ id: 12, productId: 5, family: 'pledge', name: 'ETH lock-up 30', pledgeCurrency: 'ETH', redeemable: false, revenue: [] });
const handlers = (over: Record<string, Handler> = {}): Record<string, Handler> => ({
  'user/details': () => ok({ ...details, hasPayPassword: true }),
  'wealth/orders': () => ok({ items: [holding()] }),
  'Defi/myOrder': () => ok({ items: [pledge] }),
  ...over,
});

async function open(over: Record<string, Handler> = {}) {
  localStorage.setItem('accessToken', 'tok');
  return renderApp('/record', handlers(over));
}

describe('/record', () => {
  it('shows holdings and pledges with status, principal, earned, estimate, maturity, and the balance', async () => {
    const { api, screen } = await open();
    const card = screen.getByRole('article', { name: 'Growth 30' });
    await expect.element(card).toHaveTextContent(en.record.status_earning);
    await expect.element(card).toHaveTextContent(`${en.record.principal}600.00 USDT`);
    await expect.element(card).toHaveTextContent(`${en.record.earned}6.30 USDT`);
    await expect.element(card).toHaveTextContent(`${en.record.estimated}63.00 USDT`);
    await expect.element(card).toHaveTextContent(en.record.matures);
    const p = screen.getByRole('article', { name: 'ETH lock-up 30' });
    await expect.element(p).toHaveTextContent(`${en.earn.pledge_currency}ETH`);
    await expect.element(p).toHaveTextContent(en.record.no_revenue);
    // Pledges stay locked until maturity: no redemption offered.
    await expect.element(p.getByRole('button')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('region', { name: en.record.balance })).toHaveTextContent('12,345,678,901,234.56 USDT');
    expect(api.last('Defi/myOrder')?.body).toEqual({ Authorization: '' });
  });

  it('keeps the holdings where they are when the balance arrives', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { api, screen } = await renderApp('/record', handlers({ 'user/balance_list': () => ok(balanceList) }), { hold: ['user/balance_list'] });
    const balance = await api.nextRequest('user/balance_list');
    const balanceCard = screen.getByRole('region', { name: en.record.balance });
    await expectStaysPut(screen.getByRole('heading', { name: en.record.wealth_title }), () => balance.release(), balanceCard.getByText('1,060.00 USDT'));
  });

  it('lists the revenue records (day, principal, profit) on demand', async () => {
    const { screen } = await open();
    const card = screen.getByRole('article', { name: 'Growth 30' });
    await card.getByText(fill(en.record.revenue_count_other, { count: 3 })).click();
    const rows = card.getByRole('row');
    await expect.element(rows.nth(3)).toBeVisible();
    expect(rows.elements()).toHaveLength(4);
    await expect.element(rows.nth(1)).toHaveTextContent('2023-11-15600.00 USDT2.10 USDT');
    expectMobileLayout();
  });

  it('redeems early with the transaction password, translating a wrong one, then reloads', async () => {
    let n = 0;
    const { api, screen } = await open({
      'wealth/submit': () =>
        ++n === 1 ? fail(400, 4004, 'error.pay_password_wrong', { payPassword: 'error.pay_password_wrong' }) : ok(holding({ status: 'redeemed', redeemable: false, endedAt: 1 })),
    });
    await screen.getByRole('button', { name: fill(en.record.redeem_named, { name: 'Growth 30' }) }).click();
    const sheet = screen.getByRole('dialog');
    await expect.element(sheet).toHaveTextContent(fill(en.record.redeem_explain, { principal: '600.00 USDT', earned: '6.30 USDT' }));
    const password = sheet.getByLabelText(en.record.pay_password);
    const confirm = sheet.getByRole('button', { name: en.record.confirm_redeem });
    await confirm.click();
    await expect.element(sheet.getByText(en.prompt.payPassword)).toBeVisible();
    await password.fill('12ab');
    await confirm.click();
    await expect.element(sheet.getByText(en.field.pay_password_format)).toBeVisible();
    expect(api.count('wealth/submit')).toBe(0);
    await password.fill('123456');
    await confirm.click();
    await expect.element(sheet.getByText(en.error.pay_password_wrong)).toBeVisible();
    const orders = api.count('wealth/orders');
    const balances = api.count('user/balance_list');
    await password.fill('654321');
    await confirm.click();
    await expect.element(screen.getByText(en.msg.submitted)).toBeVisible();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    expect(api.last('wealth/submit')?.body).toEqual({ holdingId: 11, payPassword: '654321' });
    expect(api.last('wealth/submit')?.headers.get('Idempotency-Key')).toBeTruthy();
    await expect.poll(() => api.count('wealth/orders')).toBe(orders + 1);
    // The redemption moved money: the one balance store reads again.
    await expect.poll(() => api.count('user/balance_list')).toBe(balances + 1);
  });

  it('sends a member without a transaction password to set one first', async () => {
    const { screen } = await open({ 'user/details': () => ok({ ...details, hasPayPassword: false }) });
    await screen.getByRole('button', { name: fill(en.record.redeem_named, { name: 'Growth 30' }) }).click();
    const sheet = screen.getByRole('dialog');
    await expect.element(sheet.getByText(en.error.pay_password_unset)).toBeVisible();
    await expect.element(sheet.getByRole('link', { name: en.record.set_pay_password })).toHaveAttribute('href', '/txpassword');
  });

  it('shows completed and redeemed holdings without a redeem button', async () => {
    const { screen } = await open({
      'wealth/orders': () => ok({ items: [holding({ id: 1, name: 'Done', status: 'complete', redeemable: false }), holding({ id: 2, name: 'Out', status: 'redeemed', redeemable: false, endedAt: 1_700_100_000_000 })] }),
    });
    await expect.element(screen.getByRole('article', { name: 'Done' })).toHaveTextContent(en.record.status_complete);
    await expect.element(screen.getByRole('article', { name: 'Out' })).toHaveTextContent(en.record.status_redeemed);
    await expect.element(screen.getByRole('button', { name: /Redeem/ })).not.toBeInTheDocument();
  });
});

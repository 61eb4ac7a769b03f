import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { estimateEarnings } from '../../../shared/earnings.ts';
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok, type Handler } from '../../testing/fakeApi.ts';
import { expectMobileLayout } from '../../testing/mobileLayout.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';
import { expectStaysPut } from '../../testing/staysPut.ts';
import { ethPledge, growth30, holding, products } from './fixtures.ts';

resetBrowserState();
guardConsole();

const fill = (s: string, values: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
const handlers: Record<string, Handler> = {
  'wealth/getList': () => ok(products),
  'wealth/details': (req) => ok({ ...(req.url.searchParams.get('id') === '5' ? ethPledge : growth30), description: `About product ${req.url.searchParams.get('id') ?? ''}` }),
  'wealth/buy': () => ok(holding()),
  'Defi/orderMoney': () => ok(holding({ family: 'pledge', redeemable: false })),
};

async function openSheet(extra: Record<string, Handler> = {}, product: { name: string; family: string } = growth30) {
  localStorage.setItem('accessToken', 'tok');
  const r = await renderApp('/lc', { ...handlers, ...extra });
  const named = fill(product.family === 'pledge' ? en.earn.pledge_named : en.earn.buy_named, { name: product.name });
  await r.screen.getByRole('button', { name: named }).click();
  const sheet = r.screen.getByRole('dialog', { name: product.name });
  await expect.element(sheet).toBeVisible();
  return { ...r, sheet };
}

describe('/lc', () => {
  it('signed out: asks to sign in and calls no wealth path', async () => {
    const { api, screen } = await renderApp('/lc', handlers);
    await expect.element(screen.getByText(en.auth.signin_prompt)).toBeVisible();
    expect(api.count('wealth/getList')).toBe(0);
  });

  it('keeps the first section\'s heading where it is when the products arrive', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { api, screen } = await renderApp('/lc', handlers, { hold: ['wealth/getList'] });
    const list = await api.nextRequest('wealth/getList');
    await expectStaysPut(screen.getByRole('heading', { name: en.earn.wealth_title }), () => list.release(), screen.getByRole('article', { name: growth30.name }));
  });

  it('lists wealth products and pledges with daily rate, cycle, single minimum and pledge currency', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { screen } = await renderApp('/lc', handlers);
    const wealth = screen.getByRole('article', { name: growth30.name });
    await expect.element(wealth).toHaveTextContent(`${en.earn.daily_rate}0.35%`);
    await expect.element(wealth).toHaveTextContent(`${en.earn.cycle}30 days`);
    await expect.element(wealth).toHaveTextContent(`${en.earn.minimum}500.00 USDT`);
    const pledge = screen.getByRole('article', { name: ethPledge.name });
    await expect.element(pledge).toHaveTextContent(`${en.earn.pledge_currency}ETH`);
    await expect.element(pledge).toHaveTextContent(`${en.earn.daily_rate}0.6%`);
    await expect.element(screen.getByRole('heading', { name: en.earn.pledge_title })).toBeVisible();
    expectMobileLayout();
  });

  it('shows the estimate of src/shared/earnings.ts and the description while typing', async () => {
    const { sheet } = await openSheet();
    await expect.element(sheet.getByText('About product 2')).toBeVisible();
    await expect.element(sheet.getByText(en.earn.estimate_empty)).toBeVisible();
    await sheet.getByLabelText(fill(en.earn.amount, { currency: 'USDT' })).fill('777.77');
    const want = estimateEarnings({ amount: '777.77', dailyRate: growth30.dailyRate, cycleDays: 30 });
    expect(want).toEqual({ dailyProfit: '2.72', totalProfit: '81.60', atMaturity: '859.37' });
    const estimate = sheet.getByRole('region', { name: en.earn.estimate });
    await expect.element(estimate).toHaveTextContent(`${en.earn.daily_profit}2.72 USDT`);
    await expect.element(estimate).toHaveTextContent('81.60 USDT');
    await expect.element(estimate).toHaveTextContent(`${en.earn.at_maturity}859.37 USDT`);
    expectMobileLayout(sheet.element());
  });

  it('explains below-minimum, above-balance and a bad amount before sending anything', async () => {
    const { api, sheet } = await openSheet();
    const amount = sheet.getByLabelText(fill(en.earn.amount, { currency: 'USDT' }));
    const confirm = sheet.getByRole('button', { name: en.earn.confirm_buy });
    await confirm.click();
    await expect.element(sheet.getByText(en.prompt.amount)).toBeVisible();
    await amount.fill('499.99');
    await expect.element(sheet.getByText(fill(en.earn.error_below_minimum, { minimum: '500.00 USDT' }))).toBeVisible();
    // details.available is 1000.50
    await amount.fill('1000.51');
    await expect.element(sheet.getByText(fill(en.earn.error_above_balance, { available: '1,000.50 USDT' }))).toBeVisible();
    // The contract's own reason for a malformed amount, as the server gives it.
    await amount.fill('12.345');
    await expect.element(sheet.getByText(en.field.amount_format)).toBeVisible();
    await confirm.click();
    await expect.element(amount).toHaveAttribute('aria-invalid', 'true');
    expect(api.count('wealth/buy')).toBe(0);
  });

  it('buys: wealth/buy with the amount, "Submitted Success", the sheet closes and the balance reloads', async () => {
    const { api, screen, sheet } = await openSheet();
    const before = api.count('user/balance_list');
    await sheet.getByLabelText(fill(en.earn.amount, { currency: 'USDT' })).fill(' 600 ');
    await sheet.getByRole('button', { name: en.earn.confirm_buy }).click();
    await expect.element(screen.getByText(en.msg.submitted)).toBeVisible();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    expect(api.last('wealth/buy')?.body).toEqual({ productId: 2, amount: '600' });
    expect(api.last('wealth/buy')?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => api.count('user/balance_list')).toBe(before + 1);
  });

  it('keeps the Idempotency-Key when the member retries after a lost answer, and translates server refusals', async () => {
    let n = 0;
    const { api, screen, sheet } = await openSheet({
      'wealth/buy': () => {
        n += 1;
        if (n === 1) throw new TypeError('Failed to fetch');
        if (n === 2) return fail(400, 4003, 'error.insufficient_balance', { amount: 'error.insufficient_balance' });
        return ok(holding());
      },
    });
    await sheet.getByLabelText(fill(en.earn.amount, { currency: 'USDT' })).fill('600');
    const confirm = sheet.getByRole('button', { name: en.earn.confirm_buy });
    await confirm.click();
    await expect.element(sheet.getByRole('alert')).toHaveTextContent(en.error.network);
    await confirm.click();
    await expect.element(sheet.getByText(en.error.insufficient_balance)).toBeVisible();
    // The amount typed is still there.
    await expect.element(sheet.getByLabelText(fill(en.earn.amount, { currency: 'USDT' }))).toHaveValue('600');
    await confirm.click();
    await expect.element(screen.getByText(en.msg.submitted)).toBeVisible();
    const keys = api.requests.filter((r) => r.path === 'wealth/buy').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('pledges through Defi/orderMoney with Authorization moved into the header', async () => {
    const { api, screen, sheet } = await openSheet({}, ethPledge);
    await expect.element(sheet).toHaveTextContent(`${en.earn.pledge_currency}ETH`);
    await sheet.getByLabelText(fill(en.earn.amount, { currency: 'USDT' })).fill('100');
    await sheet.getByRole('button', { name: en.earn.confirm_pledge }).click();
    await expect.element(screen.getByText(en.msg.submitted)).toBeVisible();
    const req = api.last('Defi/orderMoney');
    expect(req?.body).toEqual({ productId: 5, amount: '100', Authorization: '' });
    expect(req?.headers.get('Authorization')).toBe('tok');
    expect(api.count('wealth/buy')).toBe(0);
  });

  it('a failed product list says why and retries', async () => {
    localStorage.setItem('accessToken', 'tok');
    let n = 0;
    const { screen } = await renderApp('/lc', { 'wealth/getList': () => (++n === 1 ? fail(500, 5000, 'error.internal') : ok(products)) });
    await screen.getByRole('button', { name: en.app.retry }).click();
    await expect.element(screen.getByRole('article', { name: growth30.name })).toBeVisible();
  });
});

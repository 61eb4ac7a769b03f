import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page, Response } from '@playwright/test';
import { expect, test, watchErrors } from './support.ts';

/**
 * Money in and out against the real server: a card is bound, a deposit is declared and approved by the operator
 * tool, a withdrawal is denied by it, and the fund flow shows every step. The operator tool runs with the e2e
 * server's DATA_DIR, so it hands each command to the running server (DATA_DIR/operator.json).
 */
const run = promisify(execFile);
async function operator(...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'server/operator/main.ts', ...args], {
    env: { ...process.env, DATA_DIR: process.env['E2E_DATA_DIR'] ?? '' },
    timeout: 60_000,
  });
  return stdout;
}

const PAY_PASSWORD = '246810';
// The app's message toast (a market panel's live mark is a status region too).
const toast = (page: Page) => page.locator('.toast-region');
/** The review item a money call answered with (its id is what the operator decides on). */
const reviewId = async (response: Promise<Response>) => ((await (await response).json()) as { data: { id: number } }).data.id;
const answered = (page: Page, path: string) => page.waitForResponse((r) => r.url().endsWith(`/api/${path}`) && r.request().method() === 'POST');

/** Every form control on the screen has a label and is a 44 px touch target; nothing scrolls sideways at 360 px. */
async function expectUsableOnPhone(page: Page) {
  const report = await page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>('main a, main button, main input:not([type=radio]), main select, main label.choice')];
    return {
      count: controls.length,
      small: controls.filter((el) => el.getBoundingClientRect().height < 44).map((el) => el.outerHTML.slice(0, 80)),
      unlabelled: [...document.querySelectorAll<HTMLInputElement>('main input, main select')].filter((el) => el.labels?.length === 0).map((el) => el.outerHTML.slice(0, 80)),
      sideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
  expect(report.count).toBeGreaterThan(0);
  expect(report.small).toEqual([]);
  expect(report.unlabelled).toEqual([]);
  expect(report.sideways).toBe(false);
}

test('bind a card, deposit, operator approves; withdraw, operator denies; fund flow shows every step', { tag: '@heavy' }, async ({ page, member }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);

  // A transaction password first: withdrawals need it.
  await page.goto('/txpassword');
  await page.getByLabel('Login password', { exact: true }).fill(member.password);
  await page.getByLabel('New payment password', { exact: true }).fill(PAY_PASSWORD);
  await page.getByLabel('Confirm the new payment password', { exact: true }).fill(PAY_PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  // A first PIN is set, not reset.
  await expect(toast(page)).toHaveText('PIN set');

  // Withdrawing before a card is bound: the spec's message and a way to bind one.
  await page.goto('/withdraw');
  await page.getByLabel('Withdrawal amount', { exact: true }).fill('10');
  await page.getByLabel('Withdrawal password', { exact: true }).fill(PAY_PASSWORD);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Unknown Bank Card, Please Enter The Bank Card First');
  await page.getByRole('link', { name: 'Bind a bank card' }).click();

  // Bind the card.
  await expect(page).toHaveURL((u) => u.pathname === '/bindBankCard');
  const cardForm = page.getByRole('form', { name: 'Bind bank card' });
  await cardForm.getByLabel('Bank name', { exact: true }).selectOption('Vietcombank');
  await cardForm.getByLabel('Card number', { exact: true }).fill('9704366612345678');
  await cardForm.getByLabel('Account holder name', { exact: true }).fill('E2E Member');
  await cardForm.getByLabel('Branch address', { exact: true }).fill('District 1');
  await cardForm.getByLabel('City', { exact: true }).fill('Ho Chi Minh City');
  await cardForm.getByLabel('Province', { exact: true }).fill('HCMC');
  await cardForm.getByRole('button', { name: 'Bind card' }).click();
  await expect(toast(page)).toHaveText('Added Successfully');
  await expect(page.getByText('Vietcombank · **** 5678 · E2E Member')).toBeVisible();

  // Deposit 500 by bank transfer.
  await page.goto('/recharge');
  await page.getByLabel('Deposit amount', { exact: true }).fill('500');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/recharge2');
  await expect(page.getByText('Candlewick Demo Ltd')).toBeVisible();
  await page.getByLabel('Transfer reference', { exact: true }).fill('E2E-REF-500');
  const deposited = answered(page, 'user/deposit');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page)).toHaveText('Submitted Success');
  const depositId = await reviewId(deposited);
  await expect(page.getByRole('region', { name: 'Your deposit' })).toContainText('Under review');

  expect(await operator('pending', 'deposit')).toContain(`#${depositId}`);
  expect(await operator('approve', 'deposit', String(depositId))).toContain('500.00 credited');
  await page.getByRole('button', { name: 'Check the status again' }).click();
  await expect(page.getByRole('region', { name: 'Your deposit' })).toContainText('Success');

  await page.goto('/wallet');
  const balances = page.getByRole('region', { name: 'Balances' });
  await expect(balances).toContainText(/Account balance\s*500\.00 USDT/);
  await expect(balances).toContainText(/Available\s*500\.00 USDT/);
  // 500 deposited reaches level 3 (thresholds 100, 500, ...); /my shows it from user/details.
  await page.goto('/my');
  await expect(page.getByText('Level 3')).toBeVisible();

  // Withdraw 200: frozen under review.
  await page.goto('/withdraw');
  await expect(page.getByText('500.00 USDT')).toBeVisible();
  await page.getByLabel('Withdrawal amount', { exact: true }).fill('200');
  await page.getByLabel('Withdrawal password', { exact: true }).fill(PAY_PASSWORD);
  const withdrawn = answered(page, 'wallet/bankWithdrawal');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  // The spec's text, and the true state: the withdrawal waits for review.
  await expect(toast(page)).toHaveText('Successful Withdrawal: submitted, under review');
  const withdrawalId = await reviewId(withdrawn);
  await expect(page.getByText('300.00 USDT')).toBeVisible();

  expect(await operator('deny', 'withdrawal', String(withdrawalId), '--reason', 'Card holder name does not match')).toContain('returned to available');

  await page.goto('/wallet');
  await expect(balances).toContainText(/Account balance\s*500\.00 USDT/);
  await expect(balances).toContainText(/Available\s*500\.00 USDT/);
  await expect(balances).toContainText(/Frozen\s*0\.00 USDT/);
  const requests = page.getByRole('region', { name: 'My deposits, withdrawals and refunds' });
  await expect(requests).toContainText('Reason: Card holder name does not match');
  await expect(requests.getByText('Fail', { exact: true })).toBeVisible();
  await expect(requests.getByText('Success', { exact: true })).toBeVisible();

  // The fund flow: the return, the freeze and the deposit, newest first, each with the balance after it.
  await page.goto('/runningwater');
  await expect(page.getByText('3 of 3 entries')).toBeVisible();
  const entries = page.getByTestId('ledger-entry');
  await expect(entries.nth(0)).toContainText('Withdrawal returned');
  await expect(entries.nth(0)).toContainText('+200.00');
  await expect(entries.nth(0)).toContainText('Balance 500.00');
  await expect(entries.nth(1)).toContainText('Withdrawal frozen');
  await expect(entries.nth(1)).toContainText('-200.00');
  await expect(entries.nth(1)).toContainText('Balance 500.00');
  await expect(entries.nth(2)).toContainText('Deposit');
  await expect(entries.nth(2)).toContainText('+500.00');
  await expect(entries.nth(2)).toContainText('Balance 500.00');

  // The first withdrawal attempt (no card) was answered 400, which Chromium logs as a failed resource.
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});

test('at 360x640 every money form is usable: labelled controls, 44 px targets, no sideways scroll', async ({ page }) => {
  const errors = watchErrors(page);
  const screens: [path: string, ready: string][] = [
    ['/wallet', 'Deposit'],
    ['/bindBankCard', 'Bind card'],
    ['/recharge', 'Next'],
    ['/recharge2?method=trc20&amount=100', 'Save QR code'],
    ['/withdraw', 'Withdraw'],
    ['/realname', 'Submit for verification'],
    ['/txpassword', 'Save'],
    ['/loginpassword', 'Change password'],
    ['/runningwater', 'Export all (CSV)'],
    ['/bz2', 'Submit request'],
  ];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await expect(page.getByRole(path === '/wallet' ? 'link' : 'button', { name: ready, exact: true }).first()).toBeVisible();
    await expectUsableOnPhone(page);
  }
  expect(page.viewportSize()).toEqual({ width: 360, height: 640 });
  expect(errors).toEqual([]);
});

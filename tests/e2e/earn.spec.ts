import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test, watchErrors, type Member } from './support.ts';

const run = promisify(execFile);
const DAY_MS = 86_400_000;

// Each operator command starts npm and tsx (about 5 s on two shared cores); the first test runs five of them.
test.describe.configure({ timeout: 120_000 });

/**
 * The operator tool, as an operator runs it. While the e2e server holds the embedded database, the tool hands the
 * command to it through DATA_DIR/operator.json, so it must see the same DATA_DIR (playwright.config.ts sets it).
 */
async function operator(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'operator', '--', ...args], {
    env: { ...process.env, DATA_DIR: process.env['E2E_DATA_DIR'] ?? '' },
    timeout: 60_000,
  });
  return stdout;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function holdings(page: Page, member: Member, path: 'wealth/orders' | 'Defi/myOrder') {
  const res = await page.request.post(`/api/${path}`, { headers: { Authorization: member.token }, data: {} });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { items: { name: string; startedAt: number }[] } }).data.items;
}

test('buy a wealth product, accrue three days with the operator tool, see three revenue records and the balance', { tag: '@heavy' }, async ({ page, member }) => {
  const errors = watchErrors(page);
  await operator('credit', member.username, '1000');

  await page.goto('/lc');
  await page.getByRole('button', { name: 'Buy Steady 7' }).click();
  const sheet = page.getByRole('dialog', { name: 'Steady 7' });
  await expect(sheet).toContainText('0.2%');
  await expect(sheet).toContainText('Available balance: 1,000.00 USDT');
  // The description comes from GET wealth/details.
  await expect(sheet).toContainText('Profit is paid into your balance at the end of each day for 7 days');
  await sheet.getByLabel('Amount (USDT)').fill('50');
  await expect(sheet.getByText('The single minimum is 100.00 USDT')).toBeVisible();
  await sheet.getByLabel('Amount (USDT)').fill('100');
  // 100 × 0.002 = 0.20 a day, 1.40 over the 7 days: the shared estimate the server pays by.
  await expect(sheet.getByRole('region', { name: 'Estimated earnings' })).toContainText('Profit per day0.20 USDT');
  await expect(sheet.getByRole('region', { name: 'Estimated earnings' })).toContainText('1.40 USDT');
  await sheet.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByText('Submitted Success')).toBeVisible();
  await expect(sheet).toBeHidden();

  // Day k of the holding falls due at startedAt + k × 24 h; `accrue --date D` pays what is due by the end of D.
  const [bought] = await holdings(page, member, 'wealth/orders');
  expect(bought?.name).toBe('Steady 7');
  for (const k of [1, 2, 3]) {
    const out = await operator('accrue', '--date', utcDay((bought?.startedAt ?? 0) + k * DAY_MS));
    expect(out).toContain('Accrued through');
  }

  await page.goto('/record');
  const card = page.getByRole('article', { name: 'Steady 7' });
  await expect(card).toContainText('Earning');
  await expect(card).toContainText('Principal100.00 USDT');
  await expect(card).toContainText('Earned0.60 USDT');
  await expect(card).toContainText('Estimated earnings1.40 USDT');
  await card.getByText('Revenue records (3)').click();
  const rows = card.getByRole('row');
  await expect(rows).toHaveCount(4);
  for (const k of [1, 2, 3]) {
    await expect(rows.nth(k)).toHaveText(`${utcDay((bought?.startedAt ?? 0) + k * DAY_MS)}100.00 USDT0.20 USDT`);
  }
  // 1000 credited - 100 principal + 3 × 0.20 profit.
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('Account balance900.60 USDT');
  expect(errors).toEqual([]);
});

test('pledge on /lc and see it on /record', async ({ page, member }) => {
  const errors = watchErrors(page);
  await operator('credit', member.username, '500');

  await page.goto('/lc');
  const pool = page.getByRole('article', { name: 'USDT lock-up 15' });
  await expect(pool).toContainText('Pledge currencyUSDT');
  await expect(pool).toContainText('Single minimum100.00 USDT');
  await pool.getByRole('button', { name: 'Pledge in USDT lock-up 15' }).click();
  const sheet = page.getByRole('dialog', { name: 'USDT lock-up 15' });
  await sheet.getByLabel('Amount (USDT)').fill('600');
  await expect(sheet.getByText('This is more than your available balance of 500.00 USDT')).toBeVisible();
  await sheet.getByLabel('Amount (USDT)').fill('250');
  await sheet.getByRole('button', { name: 'Confirm pledge' }).click();
  await expect(page.getByText('Submitted Success')).toBeVisible();

  await page.getByRole('link', { name: 'My earnings records' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/record');
  const pledges = page.getByRole('region', { name: 'My lock-up pledges' });
  const card = pledges.getByRole('article', { name: 'USDT lock-up 15' });
  await expect(card).toContainText('Earning');
  await expect(card).toContainText('Principal250.00 USDT');
  await expect(card).toContainText('Pledge currencyUSDT');
  // 250 × 0.004 × 15
  await expect(card).toContainText('Estimated earnings15.00 USDT');
  // Pledges cannot be redeemed early.
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('Account balance250.00 USDT');
  expect(errors).toEqual([]);
});

test('send a support message, the operator replies, the member sees the badge and the reply', { tag: '@heavy' }, async ({ page, member }) => {
  const errors = watchErrors(page);
  await page.goto('/kf');
  const log = page.getByRole('log', { name: 'Conversation with support' });
  await expect(log).toContainText('Write to us and we will reply here.');
  const text = 'Hello <script>alert(1)</script> my deposit';
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByText(text, { exact: true })).toBeVisible();
  await expect(log.getByText('Sending…')).toHaveCount(0);

  await tabBar(page).getByRole('link', { name: 'Home' }).click();
  const inbox = await operator('support-inbox');
  expect(inbox).toContain(member.username);
  await operator('reply', member.username, 'We are checking <b>it</b> now');

  // Every tab screen keeps the badge fresh; a navigation asks at once.
  await tabBar(page).getByRole('link', { name: 'Mine' }).click();
  const support = tabBar(page).getByRole('link', { name: /Support/ });
  await expect(support).toHaveAccessibleName('Support 1 unread reply');
  await expect(support.locator('.tab-badge')).toHaveText(/^1/);

  await support.click();
  await expect(log.getByText('We are checking <b>it</b> now', { exact: true })).toBeVisible();
  await expect(log.locator('b, script')).toHaveCount(0);
  // Viewing the chat marks the reply read: the badge goes.
  await expect(support).toHaveAccessibleName('Support');
  await tabBar(page).getByRole('link', { name: 'Home' }).click();
  await expect(support.locator('.tab-badge')).toHaveCount(0);
  expect(errors).toEqual([]);
});

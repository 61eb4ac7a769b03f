import en from '../../locales/en.json' with { type: 'json' };
import { findOverflow, seriousAxeViolations } from './layout-checks.ts';
import { operator } from './market-support.ts';
import { expect, settle, test, watchErrors } from './support.ts';

/**
 * Limits on one's own trading against the real server, at 360×640: a turnover limit set on /limits refuses the
 * order past it in the ticket, which says how far the day has come and leads back; a break then refuses the deposit
 * address (server/limits/enforcement.test.ts holds the rest: deposits refused, a withdrawal allowed). /limits reads
 * well in both themes and fits 320 px. BTCUSDT trades around the clock.
 */

const DATA_DIR = process.env['E2E_DATA_DIR'] ?? '';
const BTC_XQ = '/xq?id=12';
const fill = (s: string, values: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

// axe-core is injected as a script, which the app's CSP rightly refuses (as in layout.spec.ts).
test.use({ bypassCSP: true });

test('a turnover limit refuses the order past it in the ticket; a break refuses the deposit address', { tag: '@heavy' }, async ({ page, member }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  expect(await operator(DATA_DIR, 'credit', member.username, '500')).toContain('Credited 500.00');

  await page.goto('/my');
  await page.getByRole('link', { name: en.screen.limits }).click();
  await expect(page).toHaveURL(/\/limits$/);
  const amounts = page.getByRole('form', { name: en.limits.amounts_title });
  await amounts.getByLabel(en.limits.turnover_label).fill('30');
  await amounts.getByRole('button', { name: en.limits.save }).click();
  await expect(page.getByRole('status')).toHaveText(en.limits.saved);
  await expect(page.getByRole('region', { name: en.limits.today_title })).toContainText(fill(en.limits.of_limit, { used: '0.00 USDT', limit: '30.00 USDT' }));

  await page.goto(BTC_XQ);
  const place = async (amount: string) => {
    await page.locator('.trade-bar').getByRole('button', { name: en.market.rise, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
    await sheet.getByRole('textbox', { name: en.market.amount }).fill(amount);
    await sheet.getByRole('button', { name: en.market.confirm }).click();
    return sheet;
  };
  await expect(await place('20')).toBeHidden();
  const refused = await place('20');
  await expect(refused.getByRole('alert')).toHaveText(en.error.limit_turnover);
  await expect(refused.getByText(fill(en.limits.refusal_turnover, { used: '20.00 USDT', limit: '30.00 USDT' }))).toBeVisible();
  await refused.getByRole('link', { name: en.limits.ticket_link }).click();
  await expect(page).toHaveURL(/\/limits$/);

  const pause = page.getByRole('form', { name: en.limits.break_title });
  await pause.getByText(en.limits.break_1).click();
  await pause.getByRole('button', { name: en.limits.break_start }).click();
  await expect(page.getByRole('status')).toHaveText(en.limits.break_saved);
  await expect(pause.getByRole('button', { name: en.limits.break_end })).toBeVisible();
  const address = await page.request.post('/api/wallet/getRechargeAddress', { data: { method: 'trc20' }, headers: { Authorization: member.token } });
  expect([address.status(), ((await address.json()) as { msg: string }).msg]).toEqual([400, 'error.limit_break']);
  expect(errors).toEqual([]);
});

test('/limits in light and dark: no serious axe violation; nothing past the edge at 320 px in every language', async ({ page }) => {
  test.setTimeout(90_000);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/limits');
    await expect(page.getByRole('form', { name: en.limits.amounts_title })).toBeVisible();
    await settle(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 320, height: 640 });
  for (const lang of ['en', 'vn', 'zn'] as const) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.goto('/limits');
    await expect(page.locator('form').first()).toBeVisible();
    await settle(page);
    expect(await findOverflow(page)).toEqual([]);
  }
});

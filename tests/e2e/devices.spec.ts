import type { Page } from '@playwright/test';
import { findOverflow, seriousAxeViolations } from './layout-checks.ts';
import { expect, test, watchErrors } from './support.ts';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const onPath = (path: string) => (u: URL) => u.pathname === path;
const token = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

test('a member signed in on two devices signs the other one out from /devices; that one is sent to /login at its next call', async ({ page, member, browser, baseURL }) => {
  const errors = watchErrors(page);
  // The second device: a phone of its own (another browser context), signed in through the login screen.
  const other = await browser.newContext({ baseURL: baseURL ?? '', viewport: { width: 360, height: 640 }, locale: 'en-US', serviceWorkers: 'block', userAgent: PHONE_UA });
  const phone = await other.newPage();
  await phone.goto('/login');
  await phone.getByLabel('Username').fill(member.username);
  await phone.getByLabel('Password', { exact: true }).fill(member.password);
  await phone.getByRole('button', { name: 'Log in' }).click();
  await expect(phone).toHaveURL(onPath('/'));
  const phoneToken = await token(phone);
  expect(phoneToken).toBeTruthy();
  expect(phoneToken).not.toBe(member.token);

  // This device finds the phone under Mine → Security → Signed-in devices.
  await page.goto('/my');
  await page.getByRole('region', { name: 'Security' }).getByRole('link', { name: 'Signed-in devices' }).click();
  await expect(page).toHaveURL(onPath('/devices'));
  const devices = page.getByRole('list', { name: 'Your signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').first()).toContainText('This device');
  const phoneRow = devices.getByRole('listitem', { name: 'Chrome 131 on Android' });
  await expect(phoneRow).toContainText('Last active');

  await phoneRow.getByRole('button', { name: 'Sign out Chrome 131 on Android' }).click();
  const sheet = page.getByRole('dialog', { name: 'Sign out this device?' });
  await sheet.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.locator('.toast-region')).toHaveText('Device signed out');
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('No other device is signed in.')).toBeVisible();

  // The phone still holds its token; its next call is refused and it goes to /login, signed out.
  await phone.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Mine' }).click();
  await expect(phone).toHaveURL(onPath('/login'));
  await expect(phone.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await token(phone)).toBeNull();
  // This device was not touched.
  await page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect(await token(page)).toBe(member.token);
  await other.close();
  expect(errors).toEqual([]);
});

test.describe(() => {
  // axe-core is injected as a script, which the app's strict CSP (no inline scripts) would refuse, as it should.
  test.use({ bypassCSP: true });

  test('/devices with another device and its confirmation, in every language at 360 and 320 px and both themes: nothing clipped, no serious axe violation', async ({ page, member, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL: baseURL ?? '', userAgent: PHONE_UA });
    expect((await request.post('/api/user/login', { data: { username: member.username, password: member.password } })).status()).toBe(200);
    await request.dispose();
    const problems: string[] = [];
    for (const lang of ['en', 'vn', 'zn'] as const) {
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto('/devices');
      const items = page.locator('.device-card');
      await expect(items).toHaveCount(2);
      await items.nth(1).getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      for (const width of [360, 320]) {
        await page.setViewportSize({ width, height: 640 });
        for (const p of await findOverflow(page)) problems.push(`${lang} ${width}px: ${p}`);
      }
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        for (const v of await seriousAxeViolations(page)) problems.push(`${lang} ${colorScheme}: ${v}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

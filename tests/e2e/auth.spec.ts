import type { Page } from '@playwright/test';
import { expect, INVITE_CODE, newIdentity, PASSWORD, settle, signedOut, test, watchErrors, watchRequests } from './support.ts';

// The app's message toast (a market panel's live mark is a status region too).
const toast = (page: Page) => page.locator('.toast-region');
const balanceCard = (page: Page) => page.getByRole('region', { name: 'Account balance' });
const token = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));
const onPath = (path: string) => (u: URL) => u.pathname === path;

signedOut('a new member registers with the seeded code, logs out, is refused a wrong password, then logs in', async ({ page }) => {
  const errors = watchErrors(page);
  watchRequests(page);
  const { username, phone } = newIdentity();

  await page.goto('/reg');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Invitation code').fill(INVITE_CODE);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(toast(page)).toHaveText('Sign Up Success');
  await expect(page).toHaveURL(onPath('/'));
  // The member's name and a zero balance, read from user/details.
  await expect(page.getByRole('heading', { name: `Hello, ${username}` })).toBeVisible();
  await expect(balanceCard(page)).toContainText(/Account balance\s*0\.00 USDT/);
  // The seeded announcements, from GET common/notice.
  await expect(page.getByText('Welcome to the platform')).toBeVisible();
  expect(await token(page)).toBeTruthy();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Mine' }).click();
  await expect(page).toHaveURL(onPath('/my'));
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  // A call of this screen still on its way when the session ends is rightly answered 401 (and the app, signed
  // out already, ignores it); the count below is of the refused login's alone.
  await settle(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(onPath('/login'));
  expect(await token(page)).toBeNull();

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Name or password incorrect');
  await expect(page).toHaveURL(onPath('/login'));
  expect(await token(page)).toBeNull();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page)).toHaveText('Successful Login');
  await expect(page).toHaveURL(onPath('/'));
  await expect(balanceCard(page)).toContainText('0.00 USDT');

  // The refused login answers 401, which Chromium logs as a failed resource; nothing else may be logged.
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  expect(errors.filter((e) => /status of 401/.test(e)), errors.join('\n')).toHaveLength(1);
});

test('a member whose session the server revokes is sent to /login on the next call', async ({ page, member, request }) => {
  await page.goto('/my');
  await expect(page.getByRole('heading', { name: member.username })).toBeVisible();

  // Revoke on the server: a password change from another session ends every other session (user/reset_pwd).
  const login = await request.post('/api/user/login', { data: { username: member.username, password: member.password } });
  expect(login.status()).toBe(200);
  const other = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const reset = await request.post('/api/user/reset_pwd', {
    headers: { authorization: other },
    data: { oldPassword: member.password, newPassword: 'changed123', confirmPassword: 'changed123' },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const stale = await request.post('/api/user/details', { headers: { authorization: member.token } });
  expect(stale.status()).toBe(401);

  // The app still holds the old token; its next call gets 401 and goes to /login. Coming back to the app asks
  // the balances again (a poll of the worker's may have been refused first: either way, the same redirect).
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page).toHaveURL(onPath('/login'));
  expect(await token(page)).toBeNull();
});

test('a call the ended session still had on its way, refused after the next login, leaves the new session alone', async ({ page, member }) => {
  watchRequests(page);
  await page.goto('/');
  await expect(balanceCard(page)).toContainText('0.00 USDT');
  await settle(page);

  // /my asks the balances; that call is held until the member has logged out and in again.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route('**/api/user/balance_list', async (route) => {
    arrive();
    await held;
    await route.continue();
  }, { times: 1 });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Mine' }).click();
  await arrived;
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(onPath('/login'));
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page)).toHaveText('Successful Login');
  await expect(page).toHaveURL(onPath('/'));

  // The old session's call now reaches the server, which has ended that session.
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/user/balance_list') && r.status() === 401);
  release();
  await refused;
  await settle(page);
  await expect(page).toHaveURL(onPath('/'));
  expect(await token(page)).toBeTruthy();
  await expect(balanceCard(page)).toContainText('0.00 USDT');
});

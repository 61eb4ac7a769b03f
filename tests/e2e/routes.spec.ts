import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, settle, test, watchErrors, watchRequests, WEB_NAME } from './support.ts';

/** The 24 paths of spec section 2, with the route names the screen titles are keyed by. */
const ROUTES = [
  ['home', '/'], ['my', '/my'], ['lang', '/lang'], ['login', '/login'], ['reg', '/reg'],
  ['runningwater', '/runningwater'], ['bindBankCard', '/bindBankCard'], ['trade', '/trade'], ['realname', '/realname'],
  ['recharge', '/recharge'], ['recharge2', '/recharge2'], ['withdraw', '/withdraw'], ['loginpassword', '/loginpassword'],
  ['txpassword', '/txpassword'], ['yqhy', '/yqhy'], ['hq', '/hq'], ['lc', '/lc'], ['record', '/record'],
  ['wallet', '/wallet'], ['xq', '/xq'], ['kf', '/kf'], ['bz', '/bz'], ['bz2', '/bz2'], ['orderrecord', '/orderrecord'],
] as const;

const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as { screen: Record<string, string>; notfound: { body: string } };
/** Home carries the brand; every other screen its own name from the English pack. */
const heading = (name: string) => (name === 'home' ? WEB_NAME : en.screen[name] ?? `missing screen.${name}`);

// Screens that link to others: the Mine menu reaches every sub-screen, the tab bar the tabs, login and register each other.
const LINK_SOURCES = ['/my', '/', '/login', '/reg'];

/** Navigates inside the app: a real link click where some screen links to `path`, else history.pushState + popstate. */
async function navigateInApp(page: Page, path: string): Promise<'link' | 'history'> {
  for (const from of LINK_SOURCES) {
    if (from === path) continue;
    await page.goto(from);
    await expect(page.locator('main')).toBeVisible();
    const link = page.locator(`a[href="${path}"]:visible`).first();
    if ((await link.count()) === 0) continue;
    // The title is set before every navigation; blank it to see this navigation set it again.
    await page.evaluate(() => (document.title = 'before navigation'));
    await link.click();
    return 'link';
  }
  await page.evaluate((p) => {
    document.title = 'before navigation';
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  return 'history';
}

async function expectScreen(page: Page, name: string, path: string) {
  await expect(page).toHaveURL((u) => u.pathname === path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(name));
  await expect(page.getByText(en.notfound.body)).toHaveCount(0);
  await expect(page).toHaveTitle(WEB_NAME);
}

test.describe('every spec path, signed in', () => {
  for (const [name, path] of ROUTES) {
    test(`${path} loads by direct link and by in-app navigation, titled by web_name, with no console error`, async ({ page }) => {
      const errors = watchErrors(page);
      watchRequests(page);
      await page.goto(path);
      await expectScreen(page, name, path);
      // Let the screen's own calls answer, so their failures show up as console errors.
      await settle(page);

      const how = await navigateInApp(page, path);
      test.info().annotations.push({ type: 'navigation', description: how });
      await expectScreen(page, name, path);
      await settle(page);
      expect(errors).toEqual([]);
    });
  }
});

test('an unknown path shows the not-found screen, still titled by web_name', async ({ page }) => {
  const errors = watchErrors(page);
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(200); // the server answers index.html; the app decides
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.screen['notfound'] ?? '');
  await expect(page.getByText(en.notfound.body)).toBeVisible();
  await expect(page).toHaveTitle(WEB_NAME);
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL((u) => u.pathname === '/');
  expect(errors).toEqual([]);
});

import type { Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { expect, settle, test, watchErrors, watchRequests } from './support.ts';

/** What `/` asks for before its JavaScript has loaded, for a member (EARLY_CALLS in scripts/boot-plugin.ts). */
const HOME_EARLY = ['common/config', 'user/details', 'user/balance_list', 'common/notice'];

/** Every API request the network saw, by path. */
function countRequests(page: Page): Map<string, number> {
  const seen = new Map<string, number>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (!path.startsWith('/api/')) return;
    const key = path.slice('/api/'.length);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  });
  return seen;
}

const greeting = (username: string) => en.home.greeting.replace('{{name}}', username);

test('a cold / takes the boot script\'s early answers, once each, and its support badge is not among them', async ({ page, member }) => {
  const errors = watchErrors(page);
  const requests = countRequests(page);
  watchRequests(page);
  const badgeAsked = page.waitForRequest('**/api/support/messages');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: greeting(member.username) })).toBeVisible();
  await badgeAsked;
  await settle(page);

  for (const path of HOME_EARLY) expect(requests.get(path), path).toBe(1);
  // The boot script does not send the support badge's call: the app asks, after the page's load event, as the page's
  // own clock tells (the browser's events for the two come through different processes). That it waits until the
  // page has settled is useSupportUnreadPoll.test.tsx's to check.
  const { loaded, asked } = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const badge = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/support/messages'));
    return { loaded: navigation?.loadEventEnd ?? Infinity, asked: badge.map((e) => e.startTime) };
  });
  expect(asked).toHaveLength(1);
  expect(asked[0]).toBeGreaterThanOrEqual(loaded);
  expect(errors).toEqual([]);
});

test('an early call that fails is asked again by the screen, which shows its answer', async ({ page, member }) => {
  const errors = watchErrors(page);
  const requests = countRequests(page);
  watchRequests(page);
  // The boot script's user/details goes first: it fails as on a dropped line; the app's own ask goes through.
  let failed = false;
  await page.route('**/api/user/details', async (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort('connectionreset');
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: greeting(member.username) })).toBeVisible();
  await settle(page);

  expect(failed).toBe(true);
  expect(requests.get('user/details')).toBe(2);
  for (const path of HOME_EARLY.filter((p) => p !== 'user/details')) expect(requests.get(path), path).toBe(1);
  // The browser reports the request it lost; nothing else may go wrong.
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

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

/** The calls of the boot script's common/batch request, as it sent them. */
function batchedCalls(page: Page): Promise<string[]> {
  return page.waitForRequest('**/api/common/batch').then((r) => (r.postDataJSON() as { calls: { path: string }[] }).calls.map((c) => c.path));
}

test('a cold / asks for its early reads in one request and takes each answer, and its support badge is not among them', async ({ page, member }) => {
  const errors = watchErrors(page);
  const requests = countRequests(page);
  watchRequests(page);
  const batched = batchedCalls(page);
  const badgeAsked = page.waitForRequest('**/api/support/messages');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: greeting(member.username) })).toBeVisible();
  await badgeAsked;
  await settle(page);

  expect(await batched).toEqual(HOME_EARLY);
  expect(requests.get('common/batch')).toBe(1);
  // The screen took every answer of the batch: none of its reads went out again.
  for (const path of HOME_EARLY) expect(requests.get(path), path).toBeUndefined();
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

test('when the early request is lost, the screen asks for each read itself and shows the answers', async ({ page, member }) => {
  const errors = watchErrors(page);
  const requests = countRequests(page);
  watchRequests(page);
  let lost = false;
  await page.route('**/api/common/batch', async (route) => {
    lost = true;
    return route.abort('connectionreset');
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: greeting(member.username) })).toBeVisible();
  await settle(page);

  expect(lost).toBe(true);
  for (const path of HOME_EARLY) expect(requests.get(path), path).toBe(1);
  // The browser reports the request it lost; nothing else may go wrong.
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('an early read that failed inside the batch is asked again alone, and the others are taken', async ({ page, member }) => {
  const errors = watchErrors(page);
  const requests = countRequests(page);
  watchRequests(page);
  // The server's own answer, with user/details failing in it as a busy server's would.
  let failed = false;
  await page.route('**/api/common/batch', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: { answers: { path: string; status: number; body: unknown }[] } };
    for (const answer of json.data.answers) {
      if (answer.path !== 'user/details') continue;
      failed = true;
      answer.status = 503;
      answer.body = { code: 503, msg: 'error.internal' };
    }
    return route.fulfill({ response, json });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: greeting(member.username) })).toBeVisible();
  await settle(page);

  expect(failed).toBe(true);
  expect(requests.get('user/details')).toBe(1);
  for (const path of HOME_EARLY.filter((p) => p !== 'user/details')) expect(requests.get(path), path).toBeUndefined();
  expect(errors).toEqual([]);
});

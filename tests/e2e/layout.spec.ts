import type { Page } from '@playwright/test';
import { findOverflow, seriousAxeViolations } from './layout-checks.ts';
import { api, operator } from './market-support.ts';
import { expect, settle, signedOut, test, watchRequests } from './support.ts';

/**
 * The main screens at 320 and 360 px in en, vn and zn with nothing clipped or overflowing,
 * and axe-core with no serious or critical violation on every route, light and dark. With E2E_SCREENSHOTS=1 each
 * screen is also saved to test-results/ (which git ignores) to look at; a run without them costs less CPU.
 */
const SCREENSHOTS = process.env['E2E_SCREENSHOTS'] === '1';
/** BTCUSDT (server/market/catalog.ts seeds it as product 12; it trades around the clock). */
const BTC_XQ = '/xq?id=12';
/** /xq with the order sheet open (the URL keeps it open, as after a login). */
const OPEN_SHEET = '/xq?id=12&sheet=rise&cycle=30';
const MAIN_SCREENS = ['/', '/hq', BTC_XQ, OPEN_SHEET, '/lc', '/kf', '/my', '/wallet', '/recharge', '/withdraw', '/orderrecord', '/record', '/yqhy', '/realname', '/bz', '/lang'];
const ALL_ROUTES = [
  '/', '/my', '/lang', '/login', '/reg', '/runningwater', '/bindBankCard', '/trade', '/realname', '/recharge', '/recharge2', '/withdraw',
  '/loginpassword', '/txpassword', '/yqhy', '/hq', '/lc', '/record', '/wallet', '/xq', '/kf', '/bz', '/bz2', '/orderrecord',
  BTC_XQ, OPEN_SHEET, '/trade?id=12',
];
const LANGS = ['en', 'vn', 'zn'] as const;
/** Each screen loads at the first width, then the viewport narrows to the second. */
const WIDTHS = [360, 320] as const;

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The screen's first answers have come (a polling screen is quiet between its polls) and rendered.
  await settle(page);
}

const fileName = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/[^A-Za-z0-9]+/g, '-'));

for (const lang of LANGS) {
  test(`main screens at 360 and 320 px in ${lang}: nothing clipped, nothing past the edge`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    watchRequests(page);
    const problems: string[] = [];
    for (const path of MAIN_SCREENS) {
      // Each screen is loaded once and looked at in both widths (as a phone turned or a narrower one would show it).
      await page.setViewportSize({ width: WIDTHS[0], height: 640 });
      await open(page, path);
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) {
          await page.setViewportSize({ width, height: 640 });
          await settle(page);
        }
        if (SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${lang}-${width}-${fileName(path)}.png`), fullPage: true });
        for (const p of await findOverflow(page)) problems.push(`${path} at ${width} px: ${p}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

test("/xq's intervals all show at 360 px in every language, each a 44 px target that holds its label", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const found: Record<string, unknown> = {};
  for (const lang of LANGS) {
    // Init scripts run in the order they were added: the last language set wins.
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await open(page, BTC_XQ);
    found[lang] = await page.locator('.intervals').evaluate((row) => ({
      hidden: row.scrollWidth > row.clientWidth,
      narrow: [...row.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().width < 44).map((b) => b.textContent),
      spilling: [...row.querySelectorAll('button')].filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent),
    }));
  }
  const fine = { hidden: false, narrow: [], spilling: [] };
  expect(found).toEqual({ en: fine, vn: fine, zn: fine });
});

test('a row of tabs wider than the screen fades out at each end that has more to scroll to; one that fits does not', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const found: Record<string, unknown> = {};
  // At 360 px vn's categories overflow their row (its fourth tab wholly out of view) and zn's fit.
  for (const lang of ['vn', 'zn'] as const) {
    // As above: the last language set wins.
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await open(page, '/hq');
    const row = page.getByRole('tablist');
    // A scroll timeline takes the row's position once per frame: each reading waits for two frames.
    const fades = () =>
      row.evaluate(async (r) => {
        await new Promise((framed) => requestAnimationFrame(() => requestAnimationFrame(framed)));
        return [r.scrollWidth > r.clientWidth, getComputedStyle(r).getPropertyValue('--tabs-fade-start'), getComputedStyle(r).getPropertyValue('--tabs-fade-end')];
      });
    const atStart = await fades();
    await row.evaluate((r) => r.scrollTo({ left: r.scrollWidth, behavior: 'instant' }));
    found[lang] = { atStart, atEnd: await fades() };
  }
  expect(found).toEqual({
    vn: { atStart: [true, '0px', '40px'], atEnd: [true, '40px', '0px'] },
    zn: { atStart: [false, '0px', '0px'], atEnd: [false, '0px', '0px'] },
  });
});

// axe-core is injected as a script; the app's strict CSP (no inline scripts) would refuse it, as it should.
test.describe(() => {
test.use({ bypassCSP: true });
signedOut.use({ bypassCSP: true });
const THEMES = ['light', 'dark'] as const;

/** Loads each path once and runs axe in the light and then the dark theme (the app follows the phone's setting live). */
async function axeInBothThemes(page: Page, paths: readonly string[], screenshots: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.emulateMedia({ colorScheme: THEMES[0] });
    await open(page, path);
    for (const colorScheme of THEMES) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      if (SCREENSHOTS && screenshots) await page.screenshot({ path: test.info().outputPath(`${colorScheme}-${fileName(path)}.png`) });
      for (const v of await seriousAxeViolations(page)) found.push(`${path}, ${colorScheme} theme: ${v}`);
    }
  }
  return found;
}

test('every route signed in, light and dark theme: no serious or critical axe violation', { tag: '@heavy' }, async ({ page }) => {
  test.setTimeout(240_000);
  watchRequests(page);
  expect(await axeInBothThemes(page, ALL_ROUTES, true)).toEqual([]);
});

signedOut('visitor screens, light and dark theme: no serious or critical axe violation', { tag: '@heavy' }, async ({ page }) => {
  signedOut.setTimeout(120_000);
  watchRequests(page);
  const paths = ['/', '/hq', '/xq', BTC_XQ, OPEN_SHEET, '/trade?id=12', '/bz', '/lang', '/login', '/reg', '/kf', '/my'];
  expect(await axeInBothThemes(page, paths, false)).toEqual([]);
});

for (const colorScheme of THEMES) {
  // The result toast is on screen too (an order settles while the member is on /my).
  test(`the result toast, ${colorScheme} theme: no serious or critical axe violation`, { tag: '@settles' }, async ({ page, member, request }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    expect(await operator(process.env['E2E_DATA_DIR'] ?? '', 'credit', member.username, '100')).toContain('Credited 100.00');
    const { items } = await api<{ items: { id: number; symbol: string }[] }>(request, member.token, 'product/list');
    const btc = items.find((p) => p.symbol === 'BTCUSDT');
    await api(request, member.token, 'order/create', { productId: btc?.id, direction: 'rise', amount: '10', cycle: 30 });
    await open(page, '/my');
    await expect(page.locator('.result-toast')).toBeVisible({ timeout: 45_000 });
    const found = (await seriousAxeViolations(page)).map((v) => `/my with the result toast: ${v}`);
    expect(found).toEqual([]);
  });
}
});

// A member's first look at `/` includes the announcements: the ticker's first pass starts with the first one in view,
// not a track's width off to the right (an empty card for its first seconds).
test('the announcement ticker starts with its first announcement in view at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/');
  const ticker = page.getByRole('region', { name: 'Announcements' });
  await expect(ticker.getByRole('listitem').first()).toBeAttached();
  // Every animation held at its start: the ticker as the list arrives, whenever this check runs.
  const overlap = await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    const view = document.querySelector('.ticker__viewport')?.getBoundingClientRect();
    const item = document.querySelector('.ticker__track li')?.getBoundingClientRect();
    return view && item ? Math.min(view.right, item.right) - Math.max(view.left, item.left) : null;
  });
  expect(overlap).toBeGreaterThan(40);
});

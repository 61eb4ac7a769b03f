import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext, Locator, Page, Response } from '@playwright/test';
import { HANDOVER_PATH } from '../../src/contract/handover.ts';
import { expect, test, WEB_NAME } from './support.ts';
import { storedProducts } from './stored-products.ts';

/**
 * The app is installable (manifest linked and valid, service worker registered and controlling the
 * page), no API answer is ever served by the service worker (online or offline), a new version waits behind a
 * visible "reload" prompt, and the offline banner shows while the network is gone. Screenshots of the inline
 * shell and of the offline banner at 360x640 in both themes go to test-results/.
 */
const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as { pwa: Record<string, string>; market: Record<string, string> };
const THEMES = ['dark', 'light'] as const;

/**
 * The service worker's layer (the update prompt, the manifest's link) comes a pause after each load has settled
 * (SERVICE_WORKER_PAUSE_MS in src/app/pwa/whenPageSettles.ts, 5 s), so its waits are that much longer.
 */
const LAYER_WAIT = { timeout: 30_000 };

test.use({ serviceWorkers: 'allow' });
// In order, in one worker: one test swaps the served sw.js for a new build while it runs.
test.describe.configure({ mode: 'default' });

/** A page whose app's register() call was recorded (the update check it starts ends with it). */
type Recorded = Window & { registering?: Promise<unknown> };

/** Every page here records its app's register() call. */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    const container = (navigator as Partial<Navigator>).serviceWorker;
    if (!container) return;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
      const registering = register(...args);
      (window as Recorded).registering = registering.catch(() => undefined);
      return registering;
    };
  });
});

/**
 * What an update journey saw, in order: the workers' states as DevTools reports them, the page's navigations and loads,
 * its failed requests and errors, and the member's taps. Printed when the journey fails, so a rare failure says where
 * the update stopped.
 */
const journal: { readonly at: number; readonly what: string }[] = [];
const note = (what: string) => journal.push({ at: Date.now(), what });
// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from its pattern; this one needs none.
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && journal.length > 0) {
    console.error(`What "${testInfo.title}" saw:\n${journal.map((e) => `${new Date(e.at).toISOString().slice(11, 23)} ${e.what}`).join('\n')}`);
    // CI keeps only the output's tail, where scripts/test.sh repeats lines that begin so: the journal's end, in one.
    const last = journal.at(-1)?.at ?? 0;
    console.error(`Journal: ${journal.slice(-16).map((e) => `${((e.at - last) / 1000).toFixed(1)}s ${e.what}`).join(' | ')}`);
  }
  journal.length = 0;
});

/** Notes the page's navigations, loads, failed requests and errors in the journal. */
function journalPage(page: Page): void {
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) note(`navigation request ${new URL(r.url()).pathname}`);
  });
  page.on('domcontentloaded', () => note('domcontentloaded'));
  page.on('load', () => note('load'));
  page.on('requestfailed', (r) => note(`request failed: ${new URL(r.url()).pathname} ${r.failure()?.errorText ?? ''}`));
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(`console ${m.type()}: ${m.text()}`);
  });
}

/** Opens `path` and reloads it once the service worker is active, so the page is controlled by it. */
async function openControlled(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/** A second tab on `/`, controlled by the same service worker, which keeps the old worker in use. */
async function openOtherTab(context: BrowserContext): Promise<Page> {
  const other = await context.newPage();
  await other.goto('/');
  await expect.poll(() => other.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return other;
}

/** Every response the context sees for /api (the page's and its workers'). */
function apiResponses(context: BrowserContext): Response[] {
  const seen: Response[] = [];
  context.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) seen.push(r);
  });
  return seen;
}

/** Taps the update prompt's "Reload" and waits for the page's next load. */
async function reloadFromPrompt(page: Page, prompt: Locator): Promise<void> {
  const reloaded = page.waitForEvent('load');
  note('tap "Reload"');
  await prompt.getByRole('button', { name: en.pwa['update_reload'] ?? '' }).click();
  note('tapped "Reload"');
  await reloaded;
}

/** The registration's waiting and active workers and the page's controller, by state (null when there is none). */
function workerStates(page: Page): Promise<{ waiting: string | null; active: string | null; controller: string | null }> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { waiting: reg?.waiting?.state ?? null, active: reg?.active?.state ?? null, controller: navigator.serviceWorker.controller?.state ?? null };
  });
}

/**
 * When the browser first started handing the registration to a new worker, on this machine's clock (epoch ms, as a
 * page's `performance.timeOrigin`; Infinity until then), read through DevTools, so no page is a client of it. Each
 * worker's changes as DevTools reports them, and the page's own events (journalPage), go in the journal.
 */
async function watchWorkers(context: BrowserContext, page: Page): Promise<{ takeoverAt: () => number }> {
  const cdp = await context.newCDPSession(page);
  const statuses = new Map<string, string>();
  let at = Number.POSITIVE_INFINITY;
  journalPage(page);
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) {
      if (statuses.get(v.versionId) !== v.status) note(`worker ${v.versionId} ${v.status} (${v.runningStatus})`);
      statuses.set(v.versionId, v.status);
    }
    if (versions.some((v) => v.status === 'activating')) at = Math.min(at, Date.now());
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => note(`worker error: ${errorMessage.errorMessage}`));
  await cdp.send('ServiceWorker.enable');
  return { takeoverAt: () => at };
}

/**
 * Whether the page's last load began after the new worker took over. The browser holds a new worker back while the
 * old one has a request in hand; past the prompt's patience the page reloads first, from the old version, and may
 * offer the new one again.
 */
async function reloadedAfterTakeover(page: Page, takeoverAt: () => number): Promise<boolean> {
  const reloadedAt = await page.evaluate(() => performance.timeOrigin);
  if (reloadedAt >= takeoverAt()) return true;
  test.info().annotations.push({ type: 'held back', description: 'the page reloaded before the new worker took over' });
  return false;
}

test('installable: manifest linked and valid, icons and favicon served, service worker controls the page', async ({ page, request }) => {
  await openControlled(page);
  await expect(page.locator('link[rel="manifest"]')).toBeAttached(LAYER_WAIT);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href ?? '');
  expect(res.headers()['content-type']).toBe('application/manifest+json');
  const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ name: WEB_NAME, short_name: WEB_NAME, start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const need of [{ sizes: '192x192' }, { sizes: '512x512' }, { sizes: '512x512', purpose: 'maskable' }]) {
    const icon = manifest.icons.find((i) => i.sizes === need.sizes && (need.purpose ? i.purpose === need.purpose : i.purpose !== 'maskable'));
    expect(icon, JSON.stringify(need)).toBeDefined();
    const png = await request.get(icon?.src ?? '');
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    // PNG signature, then the IHDR width and height.
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    const size = Number(need.sizes.split('x')[0]);
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([size, size]);
  }
  const favicon = await request.get('/favicon.ico');
  expect(favicon.headers()['content-type']).toMatch(/icon/);
  expect(favicon.headers()['content-type']).not.toMatch(/html/);
  // The app shell is precached; no cache holds anything from /api.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
});

test('no API answer comes from the service worker, online or offline', async ({ page, context, member }) => {
  const seen = apiResponses(context);
  await openControlled(page, '/');
  for (const path of ['/hq', '/wallet', '/orderrecord', '/runningwater', '/my']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect.poll(() => seen.length).toBeGreaterThan(5);
  // The member's money calls went to the server, every one of them.
  expect(seen.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);
  const paths = new Set(seen.map((r) => new URL(r.url()).pathname));
  // A direct load's own reads (the member's details among them) go out as one common/batch request.
  expect(paths).toContain('/api/common/batch');

  // Offline: the page still opens from the precached shell, but API calls fail instead of being answered from a cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(en.pwa['offline'] ?? '')).toBeVisible();
  // Counted from here: a poll already in flight before the network went may still have answered during the reload.
  const offlineSeen = seen.length;
  const attempts = await page.evaluate(async (token) => {
    const out: string[] = [];
    for (const path of ['user/details', 'user/balance_list', 'user/water', 'order/list', 'common/config', 'product/list']) {
      try {
        const res = await fetch(`/api/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: token }, body: '{}' });
        out.push(`${path}: answered ${res.status}`);
      } catch {
        out.push(`${path}: failed`);
      }
    }
    return out;
  }, member.token);
  expect(attempts.filter((a) => !a.endsWith('failed'))).toEqual([]);
  expect(seen.slice(offlineSeen).map((r) => r.url())).toEqual([]);
  expect(seen.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);
  await context.setOffline(false);
});

test('the API goes past the service worker: its requests are routed to the network before any fetch event', async ({ page }) => {
  await openControlled(page, '/');
  await expect(page.getByRole('heading', { name: 'Top movers' })).toBeVisible();
  // Resource timing names the static route a request matched ('' when the worker's fetch event got it).
  const routed = () =>
    page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => {
        const { pathname } = new URL(entry.name);
        return { path: pathname.startsWith('/api/') ? 'api' : pathname.startsWith('/assets/') ? 'asset' : 'other', source: (entry as PerformanceResourceTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType ?? 'unknown' };
      }),
    );
  await expect.poll(async () => (await routed()).filter((r) => r.path === 'api').length).toBeGreaterThan(0);
  const sources = async (kind: string) => [...new Set((await routed()).filter((r) => r.path === kind).map((r) => r.source))];
  expect(await sources('api')).toEqual(['network']);
  // The app's own files still go through the worker (its precache and its cache of chunks).
  expect(await sources('asset')).toEqual(['']);
});

test('offline banner shows while the network is gone, at 360x640 in both themes', async ({ page, context }) => {
  for (const theme of THEMES) {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/hq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const banner = page.getByText(en.pwa['offline'] ?? '');
    await expect(banner).toBeHidden();
    // The banner's layer loads once the page has settled; offline before that, its chunk could never arrive.
    await expect(page.locator('.pwa-offline-region')).toBeAttached();
    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`offline-banner-${theme}.png`) });
    await context.setOffline(false);
    await expect(banner).toBeHidden();
  }
});

test('a new version waits behind a visible "reload" prompt, and reloading switches to it', async ({ page, context }) => {
  await openControlled(page, '/');
  const { takeoverAt } = await watchWorkers(context, page);
  const prompt = page.getByRole('alert', { name: en.pwa['update_title'] ?? '' });
  await expect(page.getByText(en.pwa['update_ready'] ?? '')).toBeHidden();
  const before = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
  await withNewBuild(page, async () => {
    await expect(prompt).toBeVisible(LAYER_WAIT);
    await expect(prompt.getByText(en.pwa['update_ready'] ?? '')).toBeVisible();
    // Nothing swapped behind the member's back: the old worker still controls the page, the new one waits.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await page.screenshot({ path: test.info().outputPath('update-prompt.png') });
    // "Later" keeps the page as it is.
    note('tap "Later"');
    await prompt.getByRole('button', { name: en.pwa['update_later'] ?? '' }).click();
    await expect(prompt).toBeHidden();
    await page.reload();
    await expect(prompt).toBeVisible(LAYER_WAIT);
    await reloadFromPrompt(page, prompt);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The workers' states first: if the prompt stays, they say why.
    await expect.poll(() => workerStates(page)).toEqual({ waiting: null, active: 'activated', controller: 'activated' });
    if (await reloadedAfterTakeover(page, takeoverAt)) {
      // Once the prompt's layer is up, it offers nothing.
      await expect(page.locator('link[rel="manifest"]')).toBeAttached(LAYER_WAIT);
      await expect(prompt).toBeHidden();
    }
    expect(before).toMatch(/\/sw\.js$/);
  });
});

test('"reload" switches to the new version also on a page the old worker does not control', async ({ page, context }) => {
  // A hard reload (or a worker that failed to start for the navigation) leaves a page outside the service worker:
  // it never sees a controller change, so reloading must not wait for one.
  await openControlled(page, '/');
  await openOtherTab(context);
  const { takeoverAt } = await watchWorkers(context, page);
  await withNewBuild(page, async () => {
    const prompt = page.getByRole('alert', { name: en.pwa['update_title'] ?? '' });
    await expect(prompt).toBeVisible(LAYER_WAIT);
    // The other tab keeps the old worker in use, so the new one waits; this one is reloaded past the service worker.
    const cdp = await context.newCDPSession(page);
    const hardReloaded = page.waitForEvent('load');
    await cdp.send('Page.reload', { ignoreCache: true });
    await hardReloaded;
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await expect(prompt).toBeVisible(LAYER_WAIT);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await reloadFromPrompt(page, prompt);
    // The new worker ends in control of this page with nothing waiting. The browser may hold it back while the old
    // one has work in hand; past the prompt's patience the page reloads first and the new worker takes it over later.
    await expect.poll(() => workerStates(page)).toEqual({ waiting: null, active: 'activated', controller: 'activated' });
    if (await reloadedAfterTakeover(page, takeoverAt)) {
      // Reloaded into the new version: once the prompt's layer is up, it offers nothing.
      await expect(page.locator('link[rel="manifest"]')).toBeAttached(LAYER_WAIT);
      await expect(prompt).toBeHidden();
    }
  });
});

test('"reload" still reloads while the browser holds the new version back, and the page offers it again', async ({ page, context }) => {
  await openControlled(page, '/');
  const other = await openOtherTab(context);
  await watchWorkers(context, page);
  await withNewBuild(page, async () => {
    const prompt = page.getByRole('alert', { name: en.pwa['update_title'] ?? '' });
    await expect(prompt).toBeVisible(LAYER_WAIT);
    // The old worker has work in hand: a file the other tab asked for, which the network holds until released.
    let release = (): void => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived = (): void => {};
    const holding = new Promise<void>((resolve) => (arrived = resolve));
    await context.route('**/assets/held-by-the-network.js', async (route) => {
      note('the network holds the other tab\'s file');
      arrived();
      await released;
      await route.fulfill({ body: '', contentType: 'text/javascript' });
    });
    void other.evaluate(() => fetch('/assets/held-by-the-network.js').catch(() => undefined));
    await holding;
    // The tap is heard, the new worker cannot take over yet, and the page reloads anyway after the prompt's patience.
    // Meanwhile the page keeps asking the browser to look at the waiting worker again, by a navigation in a hidden
    // frame to a path the server answers with nothing.
    const askedAgain = page.waitForResponse((r) => new URL(r.url()).pathname === HANDOVER_PATH);
    await reloadFromPrompt(page, prompt);
    expect((await askedAgain).status()).toBe(204);
    expect(await workerStates(page)).toEqual({ waiting: 'installed', active: 'activated', controller: 'activated' });
    await expect(prompt).toBeVisible(LAYER_WAIT);
    // Once the old worker's work is done, this page (still running what the old one served) offers the new version
    // yet again, and a second tap takes it. Chromium 156 may meanwhile install a fresh copy of the new worker for the
    // reload's navigation and discard the one first told; the prompt offers whichever waits.
    note("the network lets the other tab's file go");
    release();
    await reloadFromPrompt(page, prompt);
    await expect.poll(() => workerStates(page)).toEqual({ waiting: null, active: 'activated', controller: 'activated' });
  });
});

test('"reload" ends the page\'s market worker before the new version takes over', async ({ page, context }) => {
  // Chromium sends a dedicated worker's requests through the service worker (the static route covers only the page's
  // own), so until the tap ends it, the market worker's polls keep handing the old worker work.
  await openControlled(page, '/');
  await watchWorkers(context, page);
  const isMarket = (w: { url: () => string }) => w.url().includes('/assets/market.worker-');
  // The reloaded page starts it as its code loads.
  await expect.poll(() => page.workers().some(isMarket)).toBe(true);
  const market = page.workers().find(isMarket);
  const order: string[] = [];
  market?.on('close', () => order.push('market worker ended'));
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) order.push('reload');
  });
  await withNewBuild(page, async () => {
    const prompt = page.getByRole('alert', { name: en.pwa['update_title'] ?? '' });
    await expect(prompt).toBeVisible(LAYER_WAIT);
    await reloadFromPrompt(page, prompt);
    await expect.poll(() => order).toEqual(['market worker ended', 'reload']);
    await expect.poll(() => workerStates(page)).toEqual({ waiting: null, active: 'activated', controller: 'activated' });
  });
});

/**
 * Runs `body` while the server serves a new build: a changed sw.js (new precache revisions) with its precompressed
 * copies, found by the update check this starts. The build on disk is put back afterwards.
 *
 * The browser reads sw.js on its own too (each page's register() checks for an update), and a read that straddled
 * the swap got the old file's length and the new file's bytes: a torn script, which failed to evaluate or installed
 * as a version of its own. So the swap waits until every open page's registration and any check in flight have
 * settled, and each file is replaced whole (written aside, then renamed over).
 */
async function withNewBuild(page: Page, body: () => Promise<void>): Promise<void> {
  for (const open of page.context().pages()) await registrationSettled(open);
  const files = ['dist/sw.js', 'dist/sw.js.br', 'dist/sw.js.gz'];
  const original = files.map((f) => readFileSync(f));
  try {
    const changed = Buffer.concat([original[0] ?? Buffer.alloc(0), Buffer.from(`\n// e2e: a new build ${Date.now()}\n`)]);
    replaceWhole('dist/sw.js', changed);
    replaceWhole('dist/sw.js.br', brotliCompressSync(changed));
    replaceWhole('dist/sw.js.gz', gzipSync(changed));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await body();
  } finally {
    files.forEach((f, i) => replaceWhole(f, original[i] ?? Buffer.alloc(0)));
  }
}

function replaceWhole(file: string, content: Buffer): void {
  writeFileSync(`${file}.swap`, content);
  renameSync(`${file}.swap`, file);
}

/** Once the page's app has registered its worker, that check and any other in flight have ended. */
async function registrationSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => 'registering' in window);
  await page.evaluate(async () => {
    await (window as Recorded).registering;
    // An update job already queued (a navigation's own check) is joined, not repeated: this ends when it does.
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
}

test.describe('the inline shell, before any JavaScript', () => {
  test.use({ serviceWorkers: 'block' });
  for (const theme of THEMES) {
    test(`paints the tab bar frame and skeleton rows in the ${theme} theme at 360x640`, async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      // The stored choice wins over the phone's setting: the phone says the other theme.
      await page.emulateMedia({ colorScheme: theme === 'dark' ? 'light' : 'dark' });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      // The app's code never arrives: what shows is index.html, its inline style and theme.js alone.
      await page.route(/\/assets\/(?!boot-).*\.js$/, (route) => route.abort());
      await page.goto('/');
      await expect(page.locator('.shell__tabs')).toBeVisible();
      await expect(page.locator('.shell__row')).toHaveCount(6);
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).toBe(theme === 'dark' ? 'rgb(15, 20, 26)' : 'rgb(244, 246, 249)');
      await page.screenshot({ path: test.info().outputPath(`shell-${theme}.png`) });
      expect(violations).toEqual([]);
    });
  }

  test('the skeleton rows stand still for their first second, then pulse while the wait goes on', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.route(/\/assets\/(?!boot-).*\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('.shell__row')).toHaveCount(6);
    // The rows' opacity at moments of their animation (one, on the element that holds them: one composited layer,
    // not one a row), read with the animation held there.
    const opacityAt = (ms: number) =>
      page.evaluate((at) => {
        const rows = document.querySelector('.shell__body');
        const [pulse] = rows?.getAnimations() ?? [];
        if (!rows || !pulse) return null;
        pulse.pause();
        pulse.currentTime = at;
        return Number(getComputedStyle(rows).opacity);
      }, ms);
    expect(await opacityAt(0)).toBe(1);
    expect(await opacityAt(900)).toBe(1);
    expect(await opacityAt(1600)).toBeLessThan(0.9);
  });

  test('follows the phone when no theme is stored, and leaves out the tab bar on a screen without one', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.route(/\/assets\/(?!boot-).*\.js$/, (route) => route.abort());
    await page.goto('/xq?id=12');
    await expect(page.locator('.shell__row').first()).toBeVisible();
    await expect(page.locator('.shell__tabs')).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 246, 249)');
  });
});

// index.html carries the app's base stylesheet inline; neither the boot script's preloads nor a screen's import
// may fetch or link it again (one request more on a slow connection, and every rule of it twice in the page).
test.describe('the inline stylesheet', () => {
  test.use({ serviceWorkers: 'block' });
  for (const path of ['/', '/xq?id=12']) {
    test(`${path}: no stylesheet the page preloads or links is the inline one again`, async ({ page, request }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const inline = (await page.locator('head style').first().textContent())?.trim() ?? '';
      expect(inline.length).toBeGreaterThan(1000);
      const linked = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet], link[rel=preload][as=style]')].map((l) => l.href));
      const sheets = [...new Set(linked)];
      // The screen's own stylesheet is among them: the check is not of an empty list.
      expect(sheets.length).toBeGreaterThan(0);
      for (const url of sheets) {
        const again = (await (await request.get(url)).text()).trim() === inline;
        expect(again, `${url} is index.html's inline stylesheet again`).toBe(false);
      }
    });
  }
});

// The boot script preloads the first screen's scripts before the app's code runs; Vite's preload helper must not
// link a script the page has already fetched or linked again (a request and a DOM insertion each, in the page's
// busiest moment). The app's own chunk is held here until the screen's scripts have arrived, so the screen's import
// finds them fetched. A later screen's chunk is linked only while its stylesheet holds its import back; otherwise
// its import() fetches it at once, and a link would only add a request to the same file.
test.describe('the first screen\'s scripts', () => {
  test.use({ serviceWorkers: 'block' });
  test('are not linked again once the boot script has preloaded them; a later screen\'s only while its stylesheet loads', async ({ page }) => {
    // What the boot script preloads on / (scripts/boot-plugin.ts): the screen, what the tab screens share, the
    // market worker's warm start.
    const screenFiles = [/\/HomeScreen-[\w-]+\.js$/, /\/screens-[\w-]+\.js$/, /\/warmStart-[\w-]+\.js$/];
    const arrived = new Set<RegExp>();
    let allArrived: () => void = () => undefined;
    const screenArrived = new Promise<void>((resolve) => (allArrived = resolve));
    page.on('requestfinished', (r) => {
      const path = new URL(r.url()).pathname;
      for (const file of screenFiles) if (file.test(path)) arrived.add(file);
      if (arrived.size === screenFiles.length) allArrived();
    });
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await screenArrived;
      await route.continue();
    });
    const answer = await page.goto('/');
    // A heading of the screen's own chunk: its import, and any link the helper makes for it, has happened.
    await expect(page.getByRole('heading', { name: 'Top movers' })).toBeVisible();
    // index.html's own links are the page's, not the helper's.
    const inPage = [...((await answer?.text()) ?? '').matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]);
    expect(inPage.length).toBeGreaterThan(0);
    const linked = () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname));
    const links = await linked();
    // Each of the screen's scripts linked once: by the boot script, never again by the helper.
    for (const file of screenFiles) expect(links.filter((href) => file.test(href)), String(file)).toHaveLength(1);
    expect(links.length, 'no file linked twice').toBe(new Set(links).size);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    // The market screen needs no stylesheet the page has not applied yet: its chunk is fetched, never linked.
    await page.getByRole('link', { name: 'Market', exact: true }).click();
    // The address changes at the tap; the home screen stays until the market screen has loaded and rendered.
    await expect(page.getByRole('tablist', { name: 'Market categories' })).toBeVisible();
    // The helper makes its links before it calls import(): once the chunk is asked for, every link it made is there.
    expect(fetched.some((file) => /\/MarketScreen-[\w-]+\.js$/.test(file))).toBe(true);
    expect((await linked()).filter((file) => /\/MarketScreen-[\w-]+\.js$/.test(file))).toEqual([]);
    // The support screen's own stylesheet holds its import back: its chunk is linked beside it, so both load at once.
    const styles = () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((l) => new URL(l.href).pathname));
    expect((await styles()).filter((file) => /\/SupportScreen-[\w-]+\.css$/.test(file))).toEqual([]);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/kf$/);
    await expect.poll(styles).toContainEqual(expect.stringMatching(/\/SupportScreen-[\w-]+\.css$/));
    expect((await linked()).filter((file) => /\/SupportScreen-[\w-]+\.js$/.test(file))).toHaveLength(1);
  });
});

test.describe('the code loaded once the first screen has settled', () => {
  test.use({ serviceWorkers: 'block' });
  // Only the files' own URLs: a retry under a URL of its own (with a query) goes through.
  const later = /\/assets\/(?:PwaLayer|ResultToast)-[\w-]+\.js$/;
  /** / with both parts' code refused, once the app has seen both imports fail. */
  async function failedBoth(page: Page): Promise<void> {
    // Vite's preload helper reports each failed import on the window before it rejects (and each failed preload
    // link): the app's handlers of that rejection run in the same task, so once both imports are reported the app is
    // listening for the browser's 'online'.
    await page.addInitScript(() => {
      const failed = new Set<string>();
      window.addEventListener('vite:preloadError', (event) => {
        const message = String((event as Event & { payload?: unknown }).payload);
        const chunk = /dynamically imported module: .*\/(PwaLayer|ResultToast)-/.exec(message)?.[1];
        if (chunk) failed.add(chunk);
        document.documentElement.dataset['failedImports'] = [...failed].sort().join(',');
      });
    });
    await page.route(later, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-failed-imports', 'PwaLayer,ResultToast', LAYER_WAIT);
  }
  /** Fires 'online' and checks that both parts arrived (the toast's file from `toastUrl`) and the screen stayed. */
  async function backOnline(page: Page, toastUrl: RegExp): Promise<void> {
    const toastLoaded = page.waitForResponse((r) => toastUrl.test(r.url()) && r.ok());
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // The service worker's layer links the manifest once it has rendered.
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
    await toastLoaded;
    await expect(page.getByRole('heading', { name: 'Top movers' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  }

  test('a load that fails leaves the app on screen, and is tried again once the phone is back online', async ({ page }) => {
    await failedBoth(page);
    await page.unroute(later);
    // The file's own URL again, or (in a browser that keeps the failed load) its retry's.
    await backOnline(page, /\/ResultToast-[\w-]+\.js(\?retry=\d+)?$/);
  });

  test('in a browser that keeps a failed module load, the retry asks under a URL of its own', async ({ page }) => {
    await failedBoth(page);
    // The files' own URLs stay refused, as such a browser fails every import of them from here on.
    await backOnline(page, /\/ResultToast-[\w-]+\.js\?retry=1$/);
  });
});

test.describe('a screen whose code failed to load', () => {
  test.use({ serviceWorkers: 'block' });
  test('loads at the next visit to it, in a browser that keeps the failed load too', async ({ page }) => {
    // The support screen's file under its own URL is refused for good, as such a browser fails every import of it.
    await page.route(/\/assets\/SupportScreen-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Top movers' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Main navigation' });
    await tabs.getByRole('link', { name: 'Support' }).click();
    await expect(page.getByRole('alert').getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await tabs.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Top movers' })).toBeVisible();
    const retried = page.waitForResponse((r) => /\/SupportScreen-[\w-]+\.js\?retry=1$/.test(r.url()) && r.ok());
    await tabs.getByRole('link', { name: 'Support' }).click();
    await retried;
    await expect(page.getByRole('log', { name: 'Conversation with support' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

// LCP: on a product-list path the worker's first poll starts from main.tsx, before React and the router. The app's
// config call (the root loader, which every screen waits for), and the boot script's batch that carries it, are held
// until product/list has been asked: were the first poll still started by the screen, it could never be asked and
// the screen would never show.
for (const path of ['/', '/hq']) {
  test(`${path}: product/list is asked before the app has rendered`, async ({ page, context }) => {
    const isList = (url: string) => new URL(url).pathname === '/api/product/list';
    const listAsked = new Promise<void>((resolve) => {
      context.on('request', (r) => {
        if (isList(r.url())) resolve();
      });
    });
    await context.route(/\/api\/common\/(?:config|batch)$/, async (route) => {
      await listAsked;
      await route.continue();
    });
    await page.goto(path);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Market' })).toBeVisible();
    await expect(page.locator('.product-row').first()).toBeVisible();
  });
}

// The boot script sends the first screen's own calls (in one common/batch request) while the app's JavaScript loads;
// the app takes each answer once. Here the entry's code is held until that request has gone out, which only the boot
// script can have sent.
const FIRST_CALLS: Record<string, readonly string[]> = {
  '/': ['common/config', 'user/details', 'user/balance_list', 'common/notice'],
  '/my': ['common/config', 'user/details', 'user/balance_list'],
  '/xq?id=12': ['common/config', 'product/details'],
};
for (const [path, calls] of Object.entries(FIRST_CALLS)) {
  test(`${path}: the first screen's calls go out before the app's code runs, and each is asked once`, async ({ page, context }) => {
    const asked = new Map<string, number>();
    let batchSent: () => void = () => undefined;
    const whenBatchSent = new Promise<void>((resolve) => (batchSent = resolve));
    context.on('request', (r) => {
      const name = new URL(r.url()).pathname.replace(/^\/api\//, '');
      const named = name === 'common/batch' ? (r.postDataJSON() as { calls: { path: string }[] }).calls.map((c) => c.path) : [name];
      for (const call of named.filter((n) => calls.includes(n))) asked.set(call, (asked.get(call) ?? 0) + 1);
      if (name === 'common/batch') batchSent();
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await whenBatchSent;
      await route.continue();
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/') await expect(page.locator('.balances__main dd')).toHaveText(/\d/);
    if (path.startsWith('/xq')) await expect(page.locator('.trade-bar').getByRole('button', { name: en.market['rise'] ?? '', exact: true })).toBeVisible();
    expect(Object.fromEntries(asked)).toEqual(Object.fromEntries(calls.map((c) => [c, 1])));
  });
}

for (const path of ['/', '/hq']) {
  test(`${path} on a repeat visit shows the last list, marked not live, while product/list never answers`, async ({ page, context }) => {
    await page.goto(path);
    await expect(page.locator('.product-row').first()).toBeVisible();
    await expect.poll(() => storedProducts(page)).toBeGreaterThan(0);
    // From now on product/list is never answered: whatever list shows comes from the worker's store.
    await context.route('**/api/product/list', () => undefined);
    await page.reload();
    await expect(page.locator('.product-row').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: new RegExp(`${en.market['stale']}|${en.market['reconnecting']}`) })).toBeVisible();
  });
}

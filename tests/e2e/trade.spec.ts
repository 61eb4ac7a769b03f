import type { APIRequestContext, Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import vn from '../../locales/vn.json' with { type: 'json' };
import zn from '../../locales/zn.json' with { type: 'json' };
import { seriousAxeViolations } from './layout-checks.ts';
import { operator } from './market-support.ts';
import { expect, signedOut, test, watchErrors } from './support.ts';

/**
 * Trading from /xq at 360×640 against the real server and the real worker: a visitor's login comes back to
 * the open sheet, Rise is in the first screen in every language, and an order placed from the sticky bar
 * shows in the strip and, once settled, keeps its row. BTCUSDT trades around the clock.
 */

const DATA_DIR = process.env['E2E_DATA_DIR'] ?? '';
const PACKS = { en, vn, zn } as const;

/** Product list is public: no token needed to find BTCUSDT's id. */
async function btcId(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/product/list', { data: {} });
  const { data } = (await res.json()) as { data: { items: { id: number; symbol: string; open: boolean }[] } };
  const btc = data.items.find((p) => p.symbol === 'BTCUSDT');
  if (!btc?.open) throw new Error('BTCUSDT is not listed as open');
  return btc.id;
}

const riseButton = (page: Page, rise = en.market.rise) => page.locator('.trade-bar').getByRole('button', { name: rise, exact: true });

signedOut('a visitor browses /, /hq and /xq with live prices, asks nothing only a member may, and stays where they are', async ({ page, request }) => {
  const errors = watchErrors(page);
  const id = await btcId(request);
  // Every API answer in the context, the worker's included: a member-only path would answer 401 and send them to /login.
  const refused: string[] = [];
  const streamed: string[] = [];
  page.context().on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 401) refused.push(new URL(r.url()).pathname);
    if (new URL(r.url()).pathname === '/api/product/live' && r.ok()) streamed.push(r.url());
  });
  await page.goto('/hq');
  await expect(page.locator('.product-row').first()).toBeVisible();
  await expect(page.locator('.product-row__price').first()).toHaveText(/\d/);
  await page.goto('/');
  await expect(page.locator('.product-row').first()).toBeVisible();
  await page.goto(`/xq?id=${id}`);
  await expect(page.locator('.trade-bar__price')).toHaveText(/\d/);
  // The chart's live stream (its price and tape) is open and has brought a trade since: had anything been refused,
  // the app would be on /login by now.
  // (The first price may be product/details' own, before the stream answers: wait for the stream's answer.)
  await expect.poll(() => streamed.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const price = await page.locator('.trade-bar__price').textContent();
  await expect(page.locator('.trade-bar__price')).not.toHaveText(price ?? '', { timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe('/xq');
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});

signedOut("the phone's Back closes the order sheet and stays on /xq; closing it leaves no entry behind", async ({ page, request }) => {
  const id = await btcId(request);
  await page.goto('/hq');
  await page.goto(`/xq?id=${id}`);
  const sheet = page.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
  await riseButton(page).click();
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/xq\\?id=${id}$`));
  // Opened and closed by its own button: Back then leaves /xq, as if the sheet had never been there.
  await riseButton(page).click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: en.app.close }).click();
  await expect(sheet).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/hq$/);
});

signedOut('a visitor browses /xq, taps Rise, logs in as the demo member and is back on the sheet with product and cycle', async ({ page, request }) => {
  const errors = watchErrors(page);
  const id = await btcId(request);
  await page.goto(`/xq?id=${id}`);
  // Live data for a visitor: the price in the bar and a drawn chart.
  await expect(page.locator('.trade-bar__price')).toHaveText(/\d/);
  await expect(page.locator('.chart-box canvas').first()).toBeVisible();
  await riseButton(page).click();
  const sheet = page.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
  const sixty = sheet.getByRole('radio', { name: '60 s · payout 85%' });
  await sixty.click();
  await expect(sixty).toBeChecked();
  await sheet.getByRole('link', { name: en.tradeSheet.login_to_trade }).click();

  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel(en.label.username).fill('demo');
  await page.getByLabel(en.label.password).fill('demo1234');
  await page.getByRole('button', { name: en.auth.login, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/xq\\?id=${id}&sheet=rise&cycle=60$`));
  const back = page.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
  await expect(back).toBeVisible();
  await expect(back.getByRole('radio', { name: '60 s · payout 85%' })).toBeChecked();
  await expect(back.getByRole('radio', { name: en.market.rise })).toHaveAttribute('aria-checked', 'true');
  await expect(back.getByRole('button', { name: en.market.confirm })).toBeEnabled();
  expect(errors).toEqual([]);
});

for (const lang of ['en', 'vn', 'zn'] as const) {
  test(`the Rise button's top edge is inside the first 640 px on /xq in ${lang}`, async ({ page, request }) => {
    const id = await btcId(request);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await page.goto(`/xq?id=${id}`);
    const rise = riseButton(page, PACKS[lang].market.rise);
    await expect(rise).toBeEnabled();
    const box = await rise.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.y ?? Infinity).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(640);
  });
}

test.describe(() => {
// axe-core is injected as a script, which the app's CSP rightly refuses (as in layout.spec.ts).
test.use({ bypassCSP: true });
// With or without a query: a retry in a browser that keeps failed module loads asks under a URL of its own.
const TICKET_CODE = /\/assets\/TradeTicket-[\w-]+\.js(\?[^/]*)?$/;
/** Everything the page reported but the browser's own line for each refused request of the ticket's code. */
const beyondRefusedTicket = (errors: readonly string[]) => errors.filter((error) => !/^console: Failed to load resource: .*TradeTicket-[\w-]+\.js(\?[^)]*)?\)$/.test(error));

/** /xq with the ticket's code refused (the network gone), Rise tapped: the sheet says the network failed. */
async function sheetWithoutTicketCode(page: Page, request: APIRequestContext) {
  const id = await btcId(request);
  await page.route(TICKET_CODE, (route) => route.abort('internetdisconnected'));
  await page.goto(`/xq?id=${id}`);
  await riseButton(page).click();
  const sheet = page.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
  await expect(sheet.getByRole('alert')).toContainText(en.error.network);
  return sheet;
}

test('a ticket whose code could not load says so in the sheet, and a retry loads it; the screen stays', async ({ page, request }) => {
  const errors = watchErrors(page);
  const sheet = await sheetWithoutTicketCode(page, request);
  // Closed and opened again, it asks again (and fails again, the network still being gone).
  await sheet.getByRole('button', { name: en.app.close }).click();
  await riseButton(page).click();
  await expect(sheet.getByRole('alert')).toContainText(en.error.network);
  await page.unroute(TICKET_CODE);
  await sheet.getByRole('button', { name: en.app.retry }).click();
  await expect(sheet.getByRole('textbox', { name: en.market.amount })).toBeVisible();
  await expect(page.locator('.trade-bar')).toBeVisible();
  expect(beyondRefusedTicket(errors)).toEqual([]);
});

test('a ticket whose code failed to load twice also offers a reload, which brings it back in any browser', async ({ page, request }) => {
  const errors = watchErrors(page);
  const sheet = await sheetWithoutTicketCode(page, request);
  await sheet.getByRole('button', { name: en.app.retry }).click();
  // The second failure: a browser that keeps a failed module load would fail every retry from here on.
  await expect(sheet.getByText(en.app.reload_hint)).toBeVisible();
  await expect(sheet.getByRole('button', { name: en.app.retry })).toBeVisible();
  await page.unroute(TICKET_CODE);
  await Promise.all([page.waitForEvent('load'), sheet.getByRole('button', { name: en.app.reload }).click()]);
  // The open sheet is in the URL: the reloaded screen opens it again, with the ticket.
  await expect(sheet.getByRole('textbox', { name: en.market.amount })).toBeVisible();
  expect(beyondRefusedTicket(errors)).toEqual([]);
});

test('orders placed from the sticky bar show in the strip; a settled one keeps its row with the result and settle price', { tag: '@settles' }, async ({ page, member, request }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  const id = await btcId(request);
  expect(await operator(DATA_DIR, 'credit', member.username, '500')).toContain('Credited 500.00');
  await page.goto(`/xq?id=${id}`);
  await expect(page.getByText(en.market.no_orders)).toBeVisible();

  const place = async (seconds: number, amount: string): Promise<void> => {
    await riseButton(page).click();
    const sheet = page.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
    const cycle = sheet.getByRole('radio', { name: new RegExp(`^${seconds} s · payout`) });
    await cycle.click();
    await expect(cycle).toBeChecked();
    await sheet.getByRole('textbox', { name: en.market.amount }).fill(amount);
    await sheet.getByRole('button', { name: en.market.confirm }).click();
    await expect(sheet).toBeHidden();
  };
  // The longer one first: sorted afresh (open first), the 30 s order would drop below it once settled.
  await place(120, '20');
  await place(30, '10');

  const strip = page.getByRole('list', { name: en.tradeSheet.strip });
  await expect(strip.getByRole('listitem')).toHaveCount(2);
  await expect(strip.getByRole('listitem').first()).toContainText('10.00');
  await expect(strip.getByRole('listitem').first()).toContainText(/P\/L/);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const rows = page.getByRole('region', { name: en.market.my_orders }).locator('.order-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('10.00');
  await expect(rows.nth(1)).toContainText('20.00');

  // The 30 s order's result arrives in its own row: the first, still.
  await expect(rows.nth(0).locator('.result')).toHaveText(/^(Won|Lost|Draw)$/, { timeout: 60_000 });
  await expect(rows.nth(0)).toContainText('10.00');
  await expect(rows.nth(0).getByText(en.market.settle_price)).toBeVisible();
  await expect(rows.nth(0).locator('.order-row__facts dd').nth(1)).toHaveText(/^\d[\d.,]*$/);
  await expect(rows.nth(1)).toContainText('20.00');
  // Still open (its countdown is painted only while on screen, so its node is what is checked here).
  await expect(rows.nth(1).getByRole('timer')).toHaveCount(1);
  await expect(rows.nth(1).locator('.result')).toHaveCount(0);
  // It left the strip (only open orders are there), the 120 s one stays.
  await expect(strip.getByRole('listitem')).toHaveCount(1);
  await expect(strip).toContainText('20.00');
  expect(errors).toEqual([]);
});
});

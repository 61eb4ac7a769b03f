import type { Page, Request } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { api, cents, operator, type Order } from './market-support.ts';
import { expect, test, watchErrors } from './support.ts';

/**
 * End to end at 360x640 against the real server and the real worker (no fake API): a result is
 * announced on whatever screen the member is on, a closed market says when it opens and cannot be traded, and
 * an approved withdrawal reaches the wallet without a reload.
 */

const DATA_DIR = process.env['E2E_DATA_DIR'] ?? '';
const PAY_PASSWORD = '246810';
const isApi = (path: string) => (r: Request) => r.url().endsWith(`/api/${path}`) && r.method() === 'POST';

interface Product {
  readonly id: number;
  readonly symbol: string;
  readonly category: string;
  readonly open: boolean;
  readonly nextOpen?: number | null;
}
interface Details extends Product {
  readonly cycles: readonly { readonly seconds: number; readonly payoutRate: string }[];
}

/**
 * serverNow − Date.now() here (the page shares this machine's clock), from the midpoint of the quickest of five
 * requests. A member's own path: a public market read may be an answer computed earlier in its second (the server's
 * micro-cache), whose serverTime is not the moment it was sent.
 */
async function serverOffset(request: Parameters<typeof api>[0], token: string): Promise<number> {
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < 5; i++) {
    const sent = Date.now();
    const { serverTime } = await api<{ serverTime: number }>(request, token, 'order/hold_list');
    const received = Date.now();
    if (received - sent < best.rtt) best = { rtt: received - sent, offset: serverTime - (sent + received) / 2 };
  }
  return best.offset;
}

/** Records, in every document of the page, when the result toast first appears (page clock, ms). */
async function watchResultToast(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __resultToastAt?: number; __resultToastText?: string };
    new MutationObserver(() => {
      const toast = document.querySelector('.result-toast');
      if (toast && w.__resultToastAt === undefined) {
        w.__resultToastAt = Date.now();
        w.__resultToastText = toast.textContent ?? '';
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test('an order placed from the sticky bar settles while I am on /my: the result toast shows the amount within 1 s of the settle time', { tag: '@timing' }, async ({ page, member, request }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  expect(await operator(DATA_DIR, 'credit', member.username, '1000')).toContain('Credited 1000.00');
  const { items } = await api<{ items: Product[] }>(request, member.token, 'product/list');
  const btc = items.find((p) => p.symbol === 'BTCUSDT');
  if (!btc) throw new Error('BTCUSDT is not listed');
  // The shortest cycle on offer, so the test waits as little as it can.
  const details = await api<Details>(request, member.token, 'product/details', { id: btc.id });
  const shortest = [...details.cycles].sort((a, b) => a.seconds - b.seconds)[0];
  if (!shortest) throw new Error('no cycle');
  await watchResultToast(page);

  // From the sticky bar on /xq: Rise opens the order sheet.
  await page.goto(`/xq?id=${btc.id}`);
  await page.locator('.trade-bar').getByRole('button', { name: en.market.rise, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
  const cycle = sheet.getByRole('radio', { name: new RegExp(`^${shortest.seconds} s · payout`) });
  await cycle.click();
  await expect(cycle).toBeChecked();
  await sheet.getByRole('textbox', { name: en.market.amount }).fill('100');
  // The worker sends it; the context sees a worker's requests too.
  const created = page.context().waitForEvent('response', { predicate: (r) => isApi('order/create')(r.request()) });
  await sheet.getByRole('button', { name: en.market.confirm }).click();
  const order = ((await (await created).json()) as { data: Order }).data;
  expect(order.status).toBe('open');
  // The placed order closes the sheet by going Back in history; leaving before that lands would race it (a
  // history traversal aborts the navigation to /my: net::ERR_ABORTED).
  await expect(sheet).toBeHidden();

  // Away from every order screen: /my shows no orders, yet the result reaches it.
  await page.goto('/my');
  await expect(page.getByRole('heading', { name: member.username })).toBeVisible();
  expect(Date.now()).toBeLessThan(order.settleTime);
  await page.waitForFunction(() => (window as unknown as { __resultToastAt?: number }).__resultToastAt !== undefined, null, {
    timeout: Math.max(0, order.settleTime - Date.now()) + 15_000,
  });
  const offset = await serverOffset(request, member.token);
  const shownAt = await page.evaluate(() => (window as unknown as { __resultToastAt: number }).__resultToastAt);
  const latency = shownAt + offset - order.settleTime;
  const timing = `result toast ${Math.round(latency)} ms after the settle time (server clock)`;
  test.info().annotations.push({ type: 'timing', description: timing });
  console.log(`[measure] ${timing}`);
  expect(latency).toBeGreaterThanOrEqual(0);
  expect(latency).toBeLessThan(1_000);

  // The right amount: the server's own result for this order.
  const list = await api<{ items: Order[] }>(request, member.token, 'order/list', { page: 1, size: 10 });
  const settled = list.items.find((o) => o.id === order.id);
  if (!settled?.profit || settled.status === 'open') throw new Error(`order ${order.orderNo} is not settled`);
  const amount = cents(settled.profit) > 0n ? `+${settled.profit}` : settled.profit;
  const title = en.results[settled.status].replace('{{amount}}', amount);
  const text = await page.evaluate(() => (window as unknown as { __resultToastText: string }).__resultToastText);
  expect(text).toContain(title);
  expect(text).toContain(`BTCUSDT Rise · `);
  await expect(page.getByRole('link', { name: en.results.view_one })).toBeVisible();
  // The balances on /my follow without a reload.
  const after = await api<{ balance: string }>(request, member.token, 'user/details');
  await expect(page.locator('.profile .balances__main dd')).toHaveText(`${Number(after.balance).toLocaleString('en-US', { minimumFractionDigits: 2 })} USDT`);
  expect(errors).toEqual([]);
});

test('a closed market says when it opens, in my time zone, and cannot be traded', async ({ page, member, request }) => {
  const errors = watchErrors(page);
  // New York and Hong Kong never trade at the same time, so at any hour at least one stock market is shut:
  // the test takes whichever the server says is closed by its hours now (no clock is faked).
  const { items } = await api<{ items: Product[] }>(request, member.token, 'product/list');
  const closed = items.find((p) => p.category === 'stocks' && !p.open && typeof p.nextOpen === 'number');
  if (!closed || typeof closed.nextOpen !== 'number') throw new Error('no stock market is closed now');
  const nextOpen = closed.nextOpen;
  const when = await page.evaluate(
    (t) => new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t),
    nextOpen,
  );
  const label = en.closed.opens.replace('{{when}}', when);

  await page.goto('/hq');
  await page.getByRole('tab', { name: 'Stocks' }).click();
  const row = page.locator('.product-row').filter({ hasText: closed.symbol });
  await expect(row.locator('.market-closed')).toHaveText(label);
  // Not a flat 0.00 %: the last session's change.
  await expect(row.locator('.change-pill')).toHaveText(/\d.*%/);

  await page.goto(`/xq?id=${closed.id}`);
  await expect(page.locator('.quote .market-closed')).toHaveText(label);

  // Rise and Fall are off, with the reason (and when it opens) beside them; the sheet cannot be reached.
  const bar = page.locator('.trade-bar');
  await expect(bar.locator('.closed-reason .market-closed')).toHaveText(label);
  await expect(bar.getByRole('button', { name: en.market.rise, exact: true })).toBeDisabled();
  await expect(bar.getByRole('button', { name: en.market.fall, exact: true })).toBeDisabled();
  // /trade, the spec's own route, shows the same ticket: nothing there can place it either.
  await page.goto(`/trade?id=${closed.id}&dir=rise`);
  await expect(page.locator('.closed-reason .market-closed')).toHaveText(label);
  await expect(page.getByRole('button', { name: en.market.confirm })).toBeDisabled();
  // And the server would refuse it anyway, with a translated key.
  const refused = await request.post('/api/order/create', {
    data: { productId: closed.id, direction: 'rise', amount: '100.00', cycle: 30 },
    headers: { Authorization: member.token, 'Accept-Language': 'en' },
  });
  expect(((await refused.json()) as { msg: string }).msg).toBe('error.market_closed');
  expect(errors).toEqual([]);
});

test('a withdrawal shows "under review"; once the operator approves it, the wallet shows the new balance without a reload', { tag: '@heavy' }, async ({ page, member, request }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  expect(await operator(DATA_DIR, 'credit', member.username, '500')).toContain('Credited 500.00');
  await api(request, member.token, 'user/reset_paypwd', { loginPassword: member.password, newPayPassword: PAY_PASSWORD, confirmPayPassword: PAY_PASSWORD });
  await api(request, member.token, 'user/save_bank', {
    kind: 'bank', bankName: 'Vietcombank', cardNumber: '9704366612345678', accountName: 'E2E Member', branch: 'District 1', city: 'Ho Chi Minh City', province: 'HCMC',
  });

  await page.goto('/withdraw');
  await expect(page.getByText('500.00 USDT')).toBeVisible();
  await page.getByLabel('Withdrawal amount', { exact: true }).fill('200');
  await page.getByLabel('Withdrawal password', { exact: true }).fill(PAY_PASSWORD);
  const withdrawn = page.waitForResponse((r) => isApi('wallet/bankWithdrawal')(r.request()));
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdrawalId = ((await (await withdrawn).json()) as { data: { id: number } }).data.id;

  // To the wallet by its tab, as a member would: from here on the document is never reloaded.
  await page.goto('/wallet');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const balances = page.getByRole('region', { name: 'Balances' });
  const requests = page.getByRole('region', { name: 'My deposits, withdrawals and refunds' });
  await expect(requests.getByText(en.review.status_review, { exact: true })).toBeVisible();
  await expect(balances).toContainText(/Account balance\s*500\.00 USDT/);
  await expect(balances).toContainText(/Frozen\s*200\.00 USDT/);

  expect(await operator(DATA_DIR, 'approve', 'withdrawal', String(withdrawalId))).toContain('approved: 200.00 paid out');
  // The shared source reads the balances again while a review is pending (every 12 s) and the tab is visible.
  await expect(balances).toContainText(/Account balance\s*300\.00 USDT/, { timeout: 20_000 });
  await expect(balances).toContainText(/Frozen\s*0\.00 USDT/);
  await expect(requests.getByText(en.review.status_success, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

// The /xq bar and order sheet with the real market worker: its requests (order/create included) reach the
// test's fake API, which hands each one to the test when it arrives. No test waits for time.
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import type { LimitsView } from '../../../contract/limits.ts';
import type { Order, ProductDetails } from '../../../contract/market.ts';
import { guardConsole } from '../../testing/consoleGuard.ts';
import { balances, fail, ok, type Handler } from '../../testing/fakeApi.ts';
import { expectMobileLayout } from '../../testing/mobileLayout.ts';
import { btc, FIXTURE_NOW, productReads } from '../../testing/productFixtures.ts';
import { renderWithWorker } from '../../testing/renderWithWorker.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const NOW = FIXTURE_NOW;
const placed = (body: { direction: 'rise' | 'fall'; amount: string; cycle: number }): Order => ({
  id: 501, orderNo: 'CW501', productId: 12, symbol: 'BTCUSDT', direction: body.direction, amount: body.amount, fee: '0.20',
  cycle: body.cycle, payoutRate: '0.85', openPrice: '67000.00', openTime: NOW, settleTime: NOW + body.cycle * 1000,
  settlePrice: null, status: 'open', profit: null,
});

function market(product: ProductDetails): Record<string, Handler> {
  return {
    ...productReads(product),
    'order/create': (req) => ok(placed(req.body as { direction: 'rise' | 'fall'; amount: string; cycle: number })),
  };
}

const fill = (s: string, values: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** user/limits: a loss limit of 100.00 with 70.50 counted, the day's first order an hour and a quarter before NOW. */
const limits = (): LimitsView => ({
  timeZone: { value: 'UTC', next: null },
  lossLimit: { value: '100.00', next: null },
  turnoverLimit: { value: null, next: null },
  breakUntil: { value: null, next: null },
  realityMinutes: { value: 60, next: null },
  today: { day: '2023-11-14', turnover: '150.00', net: '-20.40', open: '50.10', loss: '70.50', firstTradeAt: NOW - 75 * 60_000 },
  serverTime: NOW,
});

describe('/xq trade bar and order sheet', () => {
  it('lets a visitor browse and open the sheet; Confirm becomes a login that returns to this sheet', async () => {
    const { api, screen } = await renderWithWorker('/xq?id=12', market(btc()));
    const bar = screen.getByRole('group', { name: fill(en.tradeSheet.bar, { symbol: 'BTCUSDT' }) });
    await expect.element(bar).toHaveTextContent('67,000.00');
    await bar.getByRole('button', { name: en.market.rise, exact: true }).click();
    const sheet = screen.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
    await expect.element(sheet).toBeVisible();
    await sheet.getByRole('radio', { name: fill(en.market.cycle_option, { seconds: '60', rate: '85' }) }).click();
    const login = sheet.getByRole('link', { name: en.tradeSheet.login_to_trade });
    await expect.element(login).toHaveAttribute('href', `/login?next=${encodeURIComponent('/xq?id=12&sheet=rise&cycle=60')}`);
    // A visitor is never polled for member data.
    expect(api.count('product/orders') + api.count('order/hold_list') + api.count('user/details') + api.count('user/balance_list')).toBe(0);
    expectMobileLayout(sheet.element());
  });

  it('explains a missing or wrong amount and sends nothing', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { api, screen } = await renderWithWorker('/xq?id=12&sheet=rise&cycle=30', market(btc()));
    const sheet = screen.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
    await expect.element(sheet.getByText(fill(en.tradeSheet.balance, { amount: '1,000.50 USDT' }))).toBeVisible();
    const confirm = sheet.getByRole('button', { name: en.market.confirm });
    await confirm.click();
    await expect.element(sheet.getByText(en.error.amount_required)).toBeVisible();
    await sheet.getByRole('textbox', { name: en.market.amount }).fill('5');
    await confirm.click();
    await expect.element(sheet.getByText(en.error.amount_incorrect)).toBeVisible();
    await sheet.getByRole('button', { name: '50.00' }).click();
    await expect.element(sheet.getByText(en.error.amount_incorrect)).not.toBeInTheDocument();
    // Fee 0.2 % rounded up, payout 50 + 50 × 0.8.
    await expect.element(sheet.getByText('90.00')).toBeVisible();
    expect(api.count('order/create')).toBe(0);
  });

  it('places one order for two quick taps, through the worker with an Idempotency-Key, and shows it in the strip', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { api, screen } = await renderWithWorker('/xq?id=12&sheet=fall&cycle=60', market(btc()), { hold: ['order/create'] });
    const sheet = screen.getByRole('dialog', { name: `BTCUSDT · ${en.market.fall}` });
    await sheet.getByRole('button', { name: '100.00' }).click();
    const confirm = sheet.getByRole('button', { name: en.market.confirm }).element() as HTMLButtonElement;
    // Two taps in the same task: React has not re-rendered (nor disabled the button) between them.
    confirm.click();
    confirm.click();
    const create = await api.nextRequest('order/create');
    // With the price the sheet showed at Confirm (the quote the page holds).
    expect(create.body).toEqual({ productId: 12, direction: 'fall', amount: '100.00', cycle: 60, seenPrice: '67000.00' });
    expect(create.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    await expect.element(sheet.getByRole('button', { name: en.market.placing })).toBeDisabled();
    await expect.element(sheet.getByRole('button', { name: en.app.close })).toBeDisabled();
    create.release();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    const strip = screen.getByRole('list', { name: en.tradeSheet.strip });
    await expect.element(strip).toHaveTextContent(en.market.fall);
    await expect.element(strip).toHaveTextContent('100.00');
    // The same order is also in my orders (one store), and nothing was created twice.
    await expect.element(screen.getByRole('region', { name: en.market.my_orders }).getByRole('listitem')).toHaveTextContent('100.00');
    expect(api.count('order/create')).toBe(1);
  });

  it("an order the member's own limit refuses says which, how far the day has come, and the way to the limits", async () => {
    localStorage.setItem('accessToken', 'tok');
    const { api, screen } = await renderWithWorker('/xq?id=12&sheet=rise&cycle=30', {
      ...market(btc()),
      'order/create': () => fail(400, 4251, 'error.limit_loss'),
      'user/limits': () => ok(limits()),
    });
    const sheet = screen.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
    await sheet.getByRole('button', { name: '100.00' }).click();
    await sheet.getByRole('button', { name: en.market.confirm }).click();
    await expect.element(sheet.getByRole('alert')).toHaveTextContent(en.error.limit_loss);
    await expect.element(sheet.getByText(fill(en.limits.refusal_loss, { used: '70.50 USDT', limit: '100.00 USDT' }), { exact: false })).toBeVisible();
    await expect.element(sheet.getByRole('link', { name: en.limits.ticket_link })).toHaveAttribute('href', '/limits');
    expect(api.count('user/limits')).toBe(1);
  });

  it('a placed order starts the reality check, which reminds at once when a reminder is due', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { api, screen } = await renderWithWorker('/xq?id=12&sheet=rise&cycle=30', { ...market(btc()), 'user/limits': () => ok(limits()) });
    expect(api.count('user/limits')).toBe(0);
    const sheet = screen.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
    await sheet.getByRole('button', { name: '100.00' }).click();
    await sheet.getByRole('button', { name: en.market.confirm }).click();
    const check = screen.getByRole('dialog', { name: en.limits.check_title });
    await expect.element(check).toHaveTextContent(fill(en.limits.check_time, { duration: fill(en.limits.duration_hm, { h: '1', m: '15' }) }));
    await check.getByRole('button', { name: en.limits.check_continue }).click();
    await expect.element(screen.getByRole('dialog', { name: en.limits.check_title })).not.toBeInTheDocument();
  });

  it('turns Rise and Fall off on a closed market and says why', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { api, screen } = await renderWithWorker('/xq?id=12&sheet=rise&cycle=30', market(btc(false)));
    const bar = screen.getByRole('group', { name: fill(en.tradeSheet.bar, { symbol: 'BTCUSDT' }) });
    const sheet = screen.getByRole('dialog');
    await expect.element(sheet.getByRole('button', { name: en.market.confirm })).toBeDisabled();
    // The reason says when it opens (the time itself is MarketClosedLabel's test), then what that means.
    const reason = new RegExp(`^${en.closed.opens.split(' {{')[0]} .+ ${en.tradeSheet.closed.replace('.', '\\.')}$`);
    await expect.element(sheet.getByText(en.tradeSheet.closed, { exact: false })).toHaveTextContent(reason);
    await expect.element(sheet.getByRole('radio', { name: en.market.rise })).toBeDisabled();
    await expect.element(sheet.getByRole('radio', { name: en.market.fall })).toBeDisabled();
    await expect.element(sheet.getByRole('button', { name: en.market.confirm })).toHaveAccessibleDescription(reason);
    await sheet.getByRole('button', { name: en.app.close }).click();
    await expect.element(bar.getByRole('button', { name: en.market.rise, exact: true })).toBeDisabled();
    await expect.element(bar.getByRole('button', { name: en.market.fall, exact: true })).toBeDisabled();
    await expect.element(bar.getByRole('button', { name: en.market.rise, exact: true })).toHaveAccessibleDescription(reason);
    expect(api.count('order/create')).toBe(0);
  });

  it("updates the ticket's balance line when an order settles, from the one balance store", async () => {
    localStorage.setItem('accessToken', 'tok');
    const due = { ...placed({ direction: 'rise', amount: '10.00', cycle: 30 }), id: 601, orderNo: 'CW601', openTime: NOW - 40_000, settleTime: NOW - 10_000 };
    let available = '1000.50';
    const handlers: Record<string, Handler> = {
      ...market(btc()),
      'product/orders': () => ok({ items: [due], cursor: '1:1:', serverTime: Date.now() }),
      'order/hold_list': () => ok({ items: [due], openCount: 1, serverTime: Date.now() }),
      'user/balance_list': () => ok({ ...balances, available }),
    };
    const { api, screen } = await renderWithWorker('/xq?id=12&sheet=rise&cycle=30', handlers, { hold: ['order/results'] });
    const sheet = screen.getByRole('dialog', { name: `BTCUSDT · ${en.market.rise}` });
    await expect.element(sheet.getByText(fill(en.tradeSheet.balance, { amount: '1,000.50 USDT' }))).toBeVisible();
    // The result toast watches results once the page has settled; its hold list poll says it is listening.
    await api.nextRequest('order/hold_list');
    const results = await api.nextRequest('order/results');
    available = '1018.50';
    results.respond(ok({ items: [{ ...due, status: 'won', settlePrice: '67123.45', profit: '8.00' }], serverTime: Date.now() }));
    await expect.element(sheet.getByText(fill(en.tradeSheet.balance, { amount: '1,018.50 USDT' }))).toBeVisible();
  });

  it('shows a result in the row the order already had, though an open order now sorts above it', async () => {
    localStorage.setItem('accessToken', 'tok');
    const due = { ...placed({ direction: 'rise', amount: '10.00', cycle: 30 }), id: 601, orderNo: 'CW601', openTime: NOW - 40_000, settleTime: NOW - 10_000 };
    const later = { ...placed({ direction: 'fall', amount: '20.00', cycle: 300 }), id: 602, orderNo: 'CW602' };
    const handlers = { ...market(btc()), 'product/orders': () => ok({ items: [later, due], cursor: '1:1:', serverTime: Date.now() }) };
    const { api, screen } = await renderWithWorker('/xq?id=12', handlers, { hold: ['order/results'] });
    const rows = screen.getByRole('region', { name: en.market.my_orders }).getByRole('listitem');
    // The due order is asked for by id (it settled before the screen opened); until then both are open.
    const results = await api.nextRequest('order/results');
    expect(results.body).toEqual({ ids: [601] });
    await expect.element(rows.nth(0)).toHaveTextContent('10.00');
    await expect.element(rows.nth(1)).toHaveTextContent('20.00');
    results.respond(ok({ items: [{ ...due, status: 'won', settlePrice: '67123.45', profit: '8.00' }], serverTime: Date.now() }));
    await expect.element(rows.nth(0)).toHaveTextContent(en.market.status_won);
    await expect.element(rows.nth(0)).toHaveTextContent('67,123.45');
    await expect.element(rows.nth(1)).toHaveTextContent('20.00');
  });
});

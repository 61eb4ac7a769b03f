import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok, type Reply } from '../../testing/fakeApi.ts';
import { balanceList, expectUsableOnPhone, goodAddress, moneyHandlers, pngFile, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { formatDateTime } from '../../format/index.ts';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const trc = { method: 'trc20', currency: 'USDT', network: 'TRC20', address: goodAddress, bank: null };
const bank = { method: 'bank', currency: 'USDT', network: null, address: null, bank: { bankName: 'Vietcombank', accountName: 'Candlewick Demo Ltd', cardNumber: '0071000123456', branch: 'Ho Chi Minh City' } };
const submitted = { id: 31, kind: 'deposit', method: 'trc20', amount: '150.50', status: 'review', reason: null, createdAt: 1_700_000_000_000, decidedAt: null };
const handlers = {
  ...moneyHandlers,
  'wallet/getRechargeAddress': (r: { body: unknown }) => ok((r.body as { method: string }).method === 'bank' ? bank : trc),
  'user/deposit': () => ok(submitted),
};

describe('/recharge2', () => {
  it('on a break the member took, says so, until when, and leads to the limits: no address to send money to', async () => {
    signIn();
    const until = 1_700_000_000_000 + 7 * 86_400_000;
    const limits = {
      timeZone: { value: 'UTC', next: null }, lossLimit: { value: null, next: null }, turnoverLimit: { value: null, next: null },
      breakUntil: { value: until, next: null }, realityMinutes: { value: 60, next: null },
      today: { day: '2023-11-14', turnover: '0.00', net: '0.00', open: '0.00', loss: '0.00', firstTradeAt: null }, serverTime: 1_700_000_000_000,
    };
    const { screen } = await renderApp('/recharge2?method=trc20&amount=150.50', {
      ...handlers,
      'wallet/getRechargeAddress': () => fail(400, 4250, 'error.limit_break'),
      'user/limits': () => ok(limits),
    });
    await expect.element(screen.getByText(en.error.limit_break)).toBeVisible();
    await expect.element(screen.getByText(en.limits.refusal_break.replace('{{when}}', formatDateTime(until, 'en')), { exact: false })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: en.limits.ticket_link })).toHaveAttribute('href', '/limits');
    expect(screen.getByText(goodAddress).elements()).toEqual([]);
  });

  it('shows the TRC20 address with a QR code, copies it and saves the QR as a PNG', async () => {
    signIn();
    const { api, screen } = await renderApp('/recharge2?method=trc20&amount=150.50', handlers);
    await expect.element(screen.getByRole('heading', { name: 'Send 150.50 USDT to' })).toBeVisible();
    await expect.element(screen.getByText(goodAddress)).toBeVisible();
    expect(api.last('wallet/getRechargeAddress')?.body).toEqual({ method: 'trc20' });
    const qr = screen.getByRole('img', { name: en.deposit.qr });
    await expect.element(qr).toBeVisible();
    expect(qr.element().tagName).toBe('CANVAS');

    await screen.getByRole('button', { name: `Copy ${en.deposit.address}` }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Copy Successfully');

    const saved: { name: string; type: string }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: this.href.slice(0, 5) });
    };
    try {
      await screen.getByRole('button', { name: en.deposit.save_qr }).click();
      await expect.poll(() => saved).toEqual([{ name: 'deposit-address-TLm29gGY.png', type: 'blob:' }]);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expectUsableOnPhone();
  });

  it('shows the bank account details for a bank deposit', async () => {
    signIn();
    const { screen } = await renderApp('/recharge2?method=bank&amount=200', handlers);
    await expect.element(screen.getByText('Candlewick Demo Ltd')).toBeVisible();
    await expect.element(screen.getByText('0071000123456')).toBeVisible();
    await expect.element(screen.getByRole('img', { name: en.deposit.qr })).not.toBeInTheDocument();
    await expect.element(screen.getByLabelText(en.deposit.reference_bank)).toBeVisible();
  });

  it('prompts for the reference, then submits it with a compressed receipt: "Submitted Success" and the status', async () => {
    signIn();
    const { api, screen } = await renderApp('/recharge2?method=trc20&amount=150.50', handlers);
    await screen.getByRole('button', { name: en.deposit.submit }).click();
    await expect.element(screen.getByText(en.prompt.reference)).toBeVisible();
    expect(api.count('user/deposit')).toBe(0);

    await screen.getByLabelText(en.deposit.reference_trc20).fill('0xabc123');
    await screen.getByLabelText(en.deposit.receipt).upload(await pngFile('receipt.png', 2400, 1800));
    await screen.getByRole('button', { name: en.deposit.submit }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Submitted Success');
    const req = api.last('user/deposit');
    const body = req?.body as { method: string; amount: string; reference: string; receipt: string };
    expect({ ...body, receipt: undefined }).toEqual({ method: 'trc20', amount: '150.50', reference: '0xabc123', receipt: undefined });
    expect(body.receipt).toMatch(/^data:image\/jpeg;base64,/);
    expect(req?.headers.get('Idempotency-Key')).toBeTruthy();
    // Compressed: the 2400 px photo was scaled to at most 1600 px.
    const img = new Image();
    img.src = body.receipt;
    await img.decode();
    expect(Math.max(img.naturalWidth, img.naturalHeight)).toBeLessThanOrEqual(1600);

    // The status comes from the one balance store, which the deposit refreshed; Refresh reads it once more.
    const status = screen.getByRole('region', { name: en.deposit.status });
    await expect.element(status.getByText(en.review.status_review)).toBeVisible();
    await expect.poll(() => api.count('user/balance_list')).toBe(1);
    await screen.getByRole('button', { name: en.deposit.refresh }).click();
    await expect.poll(() => api.count('user/balance_list')).toBe(2);
  });

  it("says while the status is read again, and why a read failed, keeping the status it had", async () => {
    signIn();
    let release: (reply: Reply) => void = () => undefined;
    let reads = 0;
    const { api, screen } = await renderApp('/recharge2?method=trc20&amount=150.50', {
      ...handlers,
      // The first read (after the deposit) answers; the next waits for the test, which then refuses it.
      'user/balance_list': () => (++reads === 1 ? ok(balanceList) : new Promise<Reply>((resolve) => (release = resolve))),
    });
    await screen.getByLabelText(en.deposit.reference_trc20).fill('0xabc123');
    await screen.getByRole('button', { name: en.deposit.submit }).click();
    const status = screen.getByRole('region', { name: en.deposit.status });
    await expect.element(status.getByText(en.review.status_review)).toBeVisible();
    await screen.getByRole('button', { name: en.deposit.refresh }).click();
    await expect.poll(() => api.count('user/balance_list')).toBe(2);
    await expect.element(screen.getByRole('button', { name: en.app.loading })).toBeDisabled();
    release(fail(500, 5000, 'error.internal'));
    await expect.element(screen.getByRole('alert')).toHaveTextContent(en.error.internal);
    await expect.element(status.getByText(en.review.status_review)).toBeVisible();
    await expect.element(screen.getByRole('button', { name: en.deposit.refresh })).toBeEnabled();
  });

  it('keeps the reference and shows the server error when the deposit is refused', async () => {
    signIn();
    const { screen } = await renderApp('/recharge2?method=trc20&amount=150.50', { ...handlers, 'user/deposit': () => fail(409, 4094, 'error.review_pending') });
    await screen.getByLabelText(en.deposit.reference_trc20).fill('0xabc123');
    await screen.getByRole('button', { name: en.deposit.submit }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent(en.error.review_pending);
    await expect.element(screen.getByLabelText(en.deposit.reference_trc20)).toHaveValue('0xabc123');
  });

  it('without a step-1 choice: sends the member back to choose', async () => {
    signIn();
    const { api, screen } = await renderApp('/recharge2?method=cash&amount=1', handlers);
    await expect.element(screen.getByRole('link', { name: en.deposit.choose })).toHaveAttribute('href', '/recharge');
    expect(api.count('wallet/getRechargeAddress')).toBe(0);
  });
});

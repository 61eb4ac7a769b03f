import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok, type Recorded } from '../../testing/fakeApi.ts';
import { expectUsableOnPhone, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

/** 25 ledger entries, newest first, served like the server: by page and size, optionally of one type. */
const entries = Array.from({ length: 25 }, (_, i) => {
  const n = 25 - i;
  const type = n % 5 === 0 ? 'withdraw_freeze' : 'deposit';
  return { id: n, type, amount: type === 'deposit' ? '10.00' : '0.00', available: type === 'deposit' ? '10.00' : '-5.00', balanceAfter: `${n * 10}.00`, createdAt: 1_700_000_000_000 + n * 60_000, ref: type === 'deposit' ? `deposit:${n}` : `withdrawal:${n}` };
});
const water = (r: Recorded) => {
  const { page = 1, size = 20, type } = r.body as { page?: number; size?: number; type?: string };
  const all = type ? entries.filter((e) => e.type === type) : entries;
  return ok({ items: all.slice((page - 1) * size, page * size), total: all.length, page, size });
};

/** Captures what the screen hands to the browser's download instead of downloading it. */
function captureDownloads() {
  const files: { name: string; text: Promise<string> }[] = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    files.push({ name: this.download, text: fetch(this.href).then((r) => r.text()) });
  };
  return { files, restore: () => (HTMLAnchorElement.prototype.click = click) };
}

describe('/runningwater', () => {
  it('lists entries with type, amount, balance after and time; loads more page by page', async () => {
    signIn();
    const { api, screen } = await renderApp('/runningwater', { 'user/water': water });
    await expect.element(screen.getByText('20 of 25 entries')).toBeVisible();
    expect(screen.getByTestId('ledger-entry').elements()).toHaveLength(20);
    const first = screen.getByTestId('ledger-entry').first();
    await expect.element(first).toHaveTextContent('Withdrawal frozen');
    await expect.element(first).toHaveTextContent('-5.00');
    await expect.element(first).toHaveTextContent('Balance 250.00');
    await expect.element(screen.getByTestId('ledger-entry').nth(1)).toHaveTextContent(/Deposit\+10\.00/);
    expectUsableOnPhone();
    await screen.getByRole('button', { name: en.water.load_more }).click();
    await expect.element(screen.getByText('25 of 25 entries')).toBeVisible();
    expect(screen.getByTestId('ledger-entry').elements()).toHaveLength(25);
    await expect.element(screen.getByRole('button', { name: en.water.load_more })).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === 'user/water').map((r) => r.body)).toEqual([{ page: 1, size: 20 }, { page: 2, size: 20 }]);
  });

  it('filters by type through the server', async () => {
    signIn();
    const { api, screen } = await renderApp('/runningwater', { 'user/water': water });
    await expect.element(screen.getByText('20 of 25 entries')).toBeVisible();
    await screen.getByLabelText(en.water.type).selectOptions('withdraw_freeze');
    await expect.element(screen.getByText('5 of 5 entries')).toBeVisible();
    expect(api.last('user/water')?.body).toEqual({ page: 1, size: 20, type: 'withdraw_freeze' });
  });

  it('exports the loaded entries, or all pages, as CSV', async () => {
    signIn();
    const { api, screen } = await renderApp('/runningwater', { 'user/water': water });
    await expect.element(screen.getByText('20 of 25 entries')).toBeVisible();
    const downloads = captureDownloads();
    try {
      await screen.getByRole('button', { name: en.water.export_loaded }).click();
      await screen.getByRole('button', { name: en.water.export_all }).click();
      await expect.poll(() => downloads.files.length).toBe(2);
    } finally {
      downloads.restore();
    }
    const [loaded, all] = await Promise.all(downloads.files.map((f) => f.text));
    const rows = (csv = '') => csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows(loaded)).toHaveLength(21);
    expect(rows(all)).toHaveLength(26);
    expect(rows(all)[0]).toBe('Time,Type,Amount,Available change,Balance after,Reference');
    expect(rows(all)[1]).toBe(`${new Date(1_700_000_000_000 + 25 * 60_000).toISOString()},Withdrawal frozen,0.00,-5.00,250.00,withdrawal:25`);
    expect(downloads.files[0]?.name).toMatch(/^fund-flow-all-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(api.requests.filter((r) => r.path === 'user/water').at(-1)?.body).toEqual({ page: 1, size: 100 });
  });

  it('shows a failure with a retry that asks for the same page again', async () => {
    signIn();
    let calls = 0;
    const { screen } = await renderApp('/runningwater', { 'user/water': (r) => (++calls === 1 ? fail(500, 5000, 'error.internal') : water(r)) });
    await expect.element(screen.getByText(en.error.internal)).toBeVisible();
    await screen.getByRole('button', { name: en.app.retry }).click();
    await expect.element(screen.getByText('20 of 25 entries')).toBeVisible();
  });
});

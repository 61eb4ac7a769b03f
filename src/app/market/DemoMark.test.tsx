// A product whose prices replay recorded history (REPLAY_DIR, demo servers only) is marked "Demo data"
// wherever a member picks or watches it, so nobody takes it for a live market; a live product carries nothing.
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import type { ProductDetails, ProductSummary } from '../../contract/market.ts';
import { guardConsole } from '../testing/consoleGuard.ts';
import { ok, type Handler } from '../testing/fakeApi.ts';
import { expectMobileLayout } from '../testing/mobileLayout.ts';
import { renderWithWorker } from '../testing/renderWithWorker.tsx';
import { resetBrowserState } from '../testing/reset.ts';

resetBrowserState();
guardConsole();

const NOW = Date.now();
const replayed: ProductSummary = { id: 12, symbol: 'BTCUSDT', name: 'Bitcoin', category: 'crypto', price: '67000.00', changePct: '1.25', decimals: 2, open: true, nextOpen: null, replay: true };
const live: ProductSummary = { id: 13, symbol: 'ETHUSDT', name: 'Ethereum', category: 'crypto', price: '3500.00', changePct: '-0.50', decimals: 2, open: true, nextOpen: null };
const detailsOf = (p: ProductSummary): ProductDetails => ({
  ...p, cycles: [{ seconds: 60, payoutRate: '0.85' }], feeRate: '0.002', minAmount: '10.00', maxAmount: '50000.00', serverTime: NOW,
});

const handlers: Record<string, Handler> = {
  'product/list': () => ok({ items: [replayed, live], serverTime: Date.now() }),
  'product/details': (req) => ok(detailsOf((req.body as { id: number }).id === replayed.id ? replayed : live)),
  'product/kdata': () => ok({ interval: '1m', bars: [[NOW - 60_000, '1.00', '1.00', '1.00', '1.00', '1']], serverTime: Date.now() }),
  'product/trunover': () => ok({ price: '1.00', changePct: '0.00', open: true, nextOpen: null, volume24h: '1', amount24h: '1.00', high24h: '1.00', low24h: '1.00', trades: [], serverTime: Date.now() }),
};

const hint = en.market.demo_hint;
/** Whole-string match of a link's accessible name that contains `text` (the row's name is all its texts). */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

describe('demo data mark', () => {
  it('on /hq marks the replayed product\'s row, visibly and in its link name, and not the live one', async () => {
    const { screen } = await renderWithWorker('/hq', handlers);
    const btc = screen.getByRole('link', { name: /BTCUSDT/ });
    const mark = btc.getByTitle(hint);
    await expect.element(mark).toBeVisible();
    await expect.element(mark).toHaveTextContent(en.market.demo);
    await expect.element(btc).toHaveAccessibleName(containing(hint));
    // Both rows come from the same answer: the live one is there, without a mark.
    const eth = screen.getByRole('link', { name: /ETHUSDT/ });
    await expect.element(eth).toBeVisible();
    await expect.element(eth.getByTitle(hint)).not.toBeInTheDocument();
    await expect.element(eth).not.toHaveAccessibleName(containing(hint));
    expectMobileLayout(screen.getByRole('tabpanel').element());
  });

  it('on /xq marks the header of a replayed product', async () => {
    const { screen } = await renderWithWorker(`/xq?id=${replayed.id}`, handlers);
    await expect.element(screen.getByRole('heading', { name: 'BTCUSDT' })).toBeVisible();
    const mark = screen.getByTitle(hint);
    await expect.element(mark).toBeVisible();
    await expect.element(mark).toHaveTextContent(en.market.demo);
  });

  it('on /xq shows no mark for a live product', async () => {
    const { screen } = await renderWithWorker(`/xq?id=${live.id}`, handlers);
    // The header renders with its details at once: once its name shows, a mark would be there too.
    await expect.element(screen.getByRole('heading', { name: 'ETHUSDT' })).toBeVisible();
    await expect.element(screen.getByTitle(hint)).not.toBeInTheDocument();
    await expect.element(screen.getByText(en.market.demo, { exact: true })).not.toBeInTheDocument();
  });
});

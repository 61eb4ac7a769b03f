// /xq's fixed dock (the open-order strip and the trade bar) and the page's bottom padding, with the real market
// worker and the test's fake API. The padding is written by the dock's ResizeObserver, not by a render.
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { ok, type Handler } from '../../testing/fakeApi.ts';
import { renderWithWorker } from '../../testing/renderWithWorker.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const NOW = Date.now();
const product = {
  id: 12, symbol: 'BTCUSDT', name: 'Bitcoin', category: 'crypto', price: '67000.00', changePct: '1.25', decimals: 2, open: true,
  cycles: [{ seconds: 60, payoutRate: '0.85' }], feeRate: '0.002', minAmount: '10.00', maxAmount: '50000.00', nextOpen: null,
} as const;
const handlers: Record<string, Handler> = {
  'product/list': () => ok({ items: [{ id: 12, symbol: 'BTCUSDT', name: 'Bitcoin', category: 'crypto', price: '67000.00', changePct: '1.25', decimals: 2, open: true, nextOpen: null }], serverTime: Date.now() }),
  'product/details': () => ok({ ...product, serverTime: Date.now() }),
  'product/kdata': () => ok({ interval: '1m', bars: [[NOW - 60_000, '66900.00', '67100.00', '66800.00', '67000.00', '1']], serverTime: Date.now() }),
  'product/trunover': () => ok({ price: '67000.00', changePct: '1.25', open: true, nextOpen: null, volume24h: '1', amount24h: '67000.00', high24h: '67100.00', low24h: '66800.00', trades: [], serverTime: Date.now() }),
  'product/orders': () => ok({ items: [], cursor: '1:1:', serverTime: Date.now() }),
};

const paddingOf = (node: Element): string => getComputedStyle(node).paddingBottom;

describe('/xq dock', () => {
  it("pads the page by the dock's height, and follows the dock when it grows", async () => {
    const { screen } = await renderWithWorker('/xq?id=12', handlers);
    await expect.element(screen.getByRole('group', { name: en.tradeSheet.bar.replace('{{symbol}}', 'BTCUSDT') })).toBeVisible();
    const dock = document.querySelector<HTMLElement>('.trade-dock');
    const page = dock?.parentElement;
    if (!dock || !page) throw new Error('no dock on /xq');
    await expect.poll(() => paddingOf(page)).toBe(`${dock.offsetHeight}px`);
    expect(dock.offsetHeight).toBeGreaterThan(0);

    // The strip coming in makes the dock taller: the padding follows.
    dock.style.paddingTop = '48px';
    const taller = dock.offsetHeight;
    await expect.poll(() => paddingOf(page)).toBe(`${taller}px`);
  });
});

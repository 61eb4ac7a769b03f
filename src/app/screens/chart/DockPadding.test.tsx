// /xq's fixed dock (the open-order strip and the trade bar) and the page's bottom padding, with the real market
// worker and the test's fake API. The padding is written by the dock's ResizeObserver, not by a render.
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { btc, productReads } from '../../testing/productFixtures.ts';
import { renderWithWorker } from '../../testing/renderWithWorker.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const paddingOf = (node: Element): string => getComputedStyle(node).paddingBottom;

describe('/xq dock', () => {
  it("pads the page by the dock's height, and follows the dock when it grows", async () => {
    const { screen } = await renderWithWorker('/xq?id=12', productReads(btc()));
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

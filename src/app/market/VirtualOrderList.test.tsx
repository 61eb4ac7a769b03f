import { TranslationProvider } from '../i18n/translation.tsx';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { Order } from '../../contract/market.ts';
import { createI18n } from '../i18n/createI18n.ts';
import { ORDER_ROW_HEIGHT, VirtualOrderList } from './VirtualOrderList.tsx';

// Settled orders: the windowing is the same for open ones, and these need no countdown worker.
const orders: Order[] = Array.from({ length: 1_000 }, (_, i) => ({
  id: i + 1,
  orderNo: `N${i + 1}`,
  productId: 1,
  symbol: 'BTCUSDT',
  direction: i % 2 === 0 ? 'rise' : 'fall',
  amount: '10.00',
  fee: '0.02',
  cycle: 60,
  payoutRate: '0.92',
  openPrice: '100.00',
  openTime: 1_700_000_000_000 + i * 1000,
  settleTime: 1_700_000_060_000 + i * 1000,
  settlePrice: '101.00',
  status: 'won',
  profit: '9.20',
}));

const rows = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('.order-row')];

describe('VirtualOrderList', () => {
  it('renders only the rows near the viewport, each with its place in the whole list', async () => {
    const i18n = await createI18n('en');
    const screen = await render(
      <TranslationProvider i18n={i18n}>
        <VirtualOrderList orders={orders} label="Open positions" />
      </TranslationProvider>,
    );
    await expect.element(screen.getByRole('list', { name: 'Open positions' })).toBeInTheDocument();
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().length).toBeLessThan(60);
    expect(rows()[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(rows()[0]?.getAttribute('aria-setsize')).toBe('1000');
    // Every row has the fixed height the window is computed from, and the list keeps the full height.
    expect(rows()[0]?.getBoundingClientRect().height).toBe(ORDER_ROW_HEIGHT);
    const list = document.querySelector('.order-list--virtual');
    expect(list?.getBoundingClientRect().height).toBe(1_000 * ORDER_ROW_HEIGHT);

    // Scrolled halfway, the rows there exist and the top ones are gone.
    const top = (list?.getBoundingClientRect().top ?? 0) + window.scrollY;
    window.scrollTo(0, top + 500 * ORDER_ROW_HEIGHT);
    await expect.poll(() => rows()[0]?.getAttribute('aria-posinset')).not.toBe('1');
    const shown = rows().map((r) => Number(r.getAttribute('aria-posinset')));
    expect(shown).toContain(501);
    expect(rows().length).toBeLessThan(60);
    window.scrollTo(0, 0);
  });

  it('follows content above it that grows or shrinks, with no scroll (the chart built above the list on /xq)', async () => {
    const i18n = await createI18n('en');
    function WithAbove({ height }: { readonly height: number }) {
      return (
        <TranslationProvider i18n={i18n}>
          <div className="above" style={{ height }} />
          <VirtualOrderList orders={orders} label="Mine" />
        </TranslationProvider>
      );
    }
    // The list starts far below the screen: only its first rows exist (placed before any measurement).
    const screen = await render(<WithAbove height={40 * ORDER_ROW_HEIGHT} />);
    await expect.element(screen.getByRole('list', { name: 'Mine' })).toBeInTheDocument();
    const onScreen = () => rows().filter((r) => r.getBoundingClientRect().top < window.innerHeight && r.getBoundingClientRect().bottom > 0).length;
    // What was above is gone: the list's rows 1.. are now where the screen is, and they must exist.
    await screen.rerender(<WithAbove height={0} />);
    await expect.poll(onScreen).toBeGreaterThanOrEqual(Math.floor(window.innerHeight / ORDER_ROW_HEIGHT));
    // And back: pushed down by more than a screen, it keeps no rows rendered for nothing.
    await screen.rerender(<WithAbove height={60 * ORDER_ROW_HEIGHT} />);
    await expect.poll(() => rows().length).toBe(0);
  });
});

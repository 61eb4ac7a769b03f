import { createStore, Provider } from 'jotai';
import { TranslationProvider } from '../i18n/translation.tsx';
import { MemoryRouter, useLocation } from '../router/navigation.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { Order } from '../../contract/market.ts';
import type { ResultsMessage } from '../../workers/api.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import { balancesVersionAtom } from '../balances/balancesState.ts';
import { createI18n } from '../i18n/createI18n.ts';
import { tokenAtom } from '../state/session.ts';
import { standInWorker } from '../testing/standInWorker.ts';
import { addResults } from './resultSummary.ts';
import { ResultToastFor } from './ResultToast.tsx';

const order = (id: number, status: Order['status'], profit: string): Order => ({
  id, orderNo: `N${id}`, productId: 12, symbol: 'BTCUSDT', direction: 'rise', amount: '10.00', fee: '0.20', cycle: 30,
  payoutRate: '0.85', openPrice: '100.25', openTime: 1_700_000_000_000, settleTime: 1_700_000_030_000, settlePrice: '99.75',
  status, profit,
});

/** The worker's result subscription, as the page sees it: the test delivers each burst. */
function fakeWorker() {
  const unsubscribed: number[] = [];
  const stand = standInWorker<ResultsMessage>('watchResults', {
    unsubscribe: (h: number) => {
      unsubscribed.push(h);
      return Promise.resolve();
    },
  });
  return { ...stand, send: (orders: Order[]) => stand.send(messageOf(orders)), unsubscribed };
}

/** A burst as the worker sends it (src/workers/results.ts): the newest whole, every result by id and profit. */
function messageOf(orders: readonly Order[]): ResultsMessage {
  const newest = orders.at(-1);
  if (!newest) throw new Error('an empty burst is never sent');
  const byProfit = new Map<string, number[]>();
  for (const o of orders) byProfit.set(o.profit ?? '0.00', [...(byProfit.get(o.profit ?? '0.00') ?? []), o.id]);
  return { kind: 'results', newest, byProfit: [...byProfit].map(([profit, ids]) => ({ profit, ids })) };
}

async function renderToast() {
  const fake = fakeWorker();
  const store = createStore();
  store.set(tokenAtom, 'tok');
  const i18n = await createI18n('en');
  const router = { pathname: '' };
  function WhereAmI() {
    router.pathname = useLocation().pathname;
    return null;
  }
  const screen = await render(
    <Provider store={store}>
      <TranslationProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/my']}>
          <ResultToastFor worker={fake.worker} />
          <WhereAmI />
        </MemoryRouter>
      </TranslationProvider>
    </Provider>,
  );
  await expect.poll(fake.subscribed).toBe(true);
  return { fake, store, screen, router };
}

afterEach(() => vi.restoreAllMocks());

describe('the result toast', () => {
  it('says lost, the amount and both prices in a polite live region, buzzes, links to the order and refreshes balances', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const { fake, store, screen, router } = await renderToast();
    const before = store.get(balancesVersionAtom);
    fake.send([order(1, 'lost', '-10.00')]);
    const region = document.querySelector('.result-region');
    await expect.element(screen.getByText(en.results.lost.replace('{{amount}}', '-10.00'))).toBeVisible();
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.textContent).toContain('BTCUSDT Rise · 100.25 → 99.75');
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(store.get(balancesVersionAtom)).toBe(before + 1);
    await screen.getByRole('link', { name: en.results.view_one }).click();
    await expect.poll(() => router.pathname).toBe('/orderrecord');
    expect(region?.textContent).toBe('');
  });

  it('collapses results that arrive while it shows into one line with the net amount', async () => {
    const { fake, screen } = await renderToast();
    fake.send([order(1, 'won', '8.50')]);
    await expect.element(screen.getByText('Won +8.50')).toBeVisible();
    fake.send([order(2, 'won', '8.50'), order(3, 'lost', '-4.60')]);
    await expect.element(screen.getByText('3 orders settled: +12.40')).toBeVisible();
    expect(screen.getByText('Won +8.50').query()).toBeNull();
    await screen.getByRole('button', { name: en.results.dismiss }).click();
    await expect.element(screen.getByText('3 orders settled: +12.40')).not.toBeInTheDocument();
  });
});

describe('addResults', () => {
  it('keeps each order once, sums exactly in cents, and ignores an empty batch', () => {
    const one = addResults(null, messageOf([order(1, 'won', '0.10')]));
    const two = addResults(one, messageOf([order(2, 'won', '0.20'), order(1, 'won', '0.10')]));
    expect([...(two?.profits.keys() ?? [])].sort()).toEqual([1, 2]);
    expect(two?.newest.id).toBe(1);
    expect(two?.net).toBe('0.30');
    expect(addResults(two, messageOf([order(3, 'lost', '-0.45')]))?.net).toBe('-0.15');
    expect(addResults(two, { kind: 'results', newest: order(4, 'won', '1.00'), byProfit: [] })).toBe(two);
  });
});

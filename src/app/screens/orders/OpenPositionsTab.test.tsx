// Among a thousand open orders, the one just placed is at the top of the open positions, in view.
import { createStore, Provider } from 'jotai';
import { TranslationProvider } from '../../i18n/translation.tsx';
import { MemoryRouter } from '../../router/navigation.tsx';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { Order } from '../../../contract/market.ts';
import type { ListDelta } from '../../../workers/api.ts';
import { createI18n } from '../../i18n/createI18n.ts';
import { adoptMarketWorker } from '../../market/marketWorker.ts';
import { standInWorker } from '../../testing/standInWorker.ts';
import { tokenAtom } from '../../state/session.ts';
import { OpenPositionsTab } from './OpenPositionsTab.tsx';

const T = 1_700_000_000_000;
const open = (id: number, openTime: number, cycle: number): Order => ({
  id, orderNo: `N${id}`, productId: 12, symbol: 'BTCUSDT', direction: 'rise', amount: '10.00', fee: '0.02', cycle,
  payoutRate: '0.85', openPrice: '100.00', openTime, settleTime: openTime + cycle * 1000, settlePrice: null, status: 'open', profit: null,
});

/** The hold list as the page sees it: the test delivers each message. */
const fakeWorker = () => standInWorker<ListDelta<Order>>('watchHoldList');

const shownOrderNos = (): string[] =>
  [...document.querySelectorAll('.order-row [role="timer"]')].map((n) => /N\d+/.exec(n.getAttribute('aria-label') ?? '')?.[0] ?? '');

describe('open positions (/orderrecord)', () => {
  it('puts the order placed last on top, though a thousand others settle sooner', async () => {
    const fake = fakeWorker();
    adoptMarketWorker(fake.worker);
    const store = createStore();
    store.set(tokenAtom, 'tok');
    const i18n = await createI18n('en');
    await render(
      <Provider store={store}>
        <TranslationProvider i18n={i18n}>
          <MemoryRouter>
            <OpenPositionsTab />
          </MemoryRouter>
        </TranslationProvider>
      </Provider>,
    );
    await expect.poll(fake.subscribed).toBe(true);
    // A thousand 300 s orders placed a minute ago settle within four minutes; then a 60 s order settles sooner
    // than most of them, later than the first ones.
    const older = Array.from({ length: 1_000 }, (_, i) => open(i + 1, T + i * 10, 300));
    fake.send({ kind: 'reset', items: older, total: older.length });
    await expect.poll(() => shownOrderNos()[0]).toBe('N1000');
    const placed = open(1_001, T + 60_000, 60);
    fake.send({ kind: 'patch', upserts: [placed], removed: [], total: 1_001 });
    await expect.poll(() => shownOrderNos()[0]).toBe('N1001');
    expect(shownOrderNos()[1]).toBe('N1000');
  });
});

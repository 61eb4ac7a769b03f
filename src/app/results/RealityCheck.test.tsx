// The reality check's timing with a fake clock: it reads user/limits when it starts and when a reminder falls
// due (one timer), never in between. No test waits for real time.
import { createStore, Provider } from 'jotai';
import { TranslationProvider } from '../i18n/translation.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import en from '../../../locales/en.json' with { type: 'json' };
import type { LimitsView } from '../../contract/limits.ts';
import { createI18n } from '../i18n/createI18n.ts';
import { MemoryRouter, useLocation } from '../router/navigation.tsx';
import { noteOrderPlacedAtom } from '../state/realityCheck.ts';
import { resetBrowserState } from '../testing/reset.ts';
import { RealityCheckFor } from './RealityCheck.tsx';

resetBrowserState();

const MIN = 60_000;
const FIRST = 1_700_000_000_000;
const fill = (s: string, values: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** user/limits as the server would answer `minutes` after the day's first order. */
const viewAt = (minutes: number, interval: number | null = 60): LimitsView => ({
  timeZone: { value: 'UTC', next: null },
  lossLimit: { value: null, next: null },
  turnoverLimit: { value: null, next: null },
  breakUntil: { value: null, next: null },
  realityMinutes: { value: interval, next: null },
  today: { day: '2023-11-14', turnover: '300.00', net: '-20.40', open: '100.20', loss: '120.60', firstTradeAt: FIRST },
  serverTime: FIRST + minutes * MIN,
});

async function renderCheck(answers: () => LimitsView) {
  const store = createStore();
  store.set(noteOrderPlacedAtom);
  const i18n = await createI18n('en');
  const read = vi.fn(() => Promise.resolve(answers()));
  const where = { pathname: '' };
  function WhereAmI() {
    where.pathname = useLocation().pathname;
    return null;
  }
  const screen = await render(
    <Provider store={store}>
      <TranslationProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/xq']}>
          <RealityCheckFor read={read} currency="USDT" />
          <WhereAmI />
        </MemoryRouter>
      </TranslationProvider>
    </Provider>,
  );
  return { screen, read, store, where };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the reality check', () => {
  it('waits for the next reminder on one timer, then shows the time spent and the day so far', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let minutes = 50;
    const { screen, read, store } = await renderCheck(() => viewAt(minutes));
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    // Another order while the timer waits asks nothing.
    store.set(noteOrderPlacedAtom);
    // (waitFor moves a fake clock on by its own polling steps: hence the second of margin.)
    await vi.advanceTimersByTimeAsync(10 * MIN - 1000);
    expect(read).toHaveBeenCalledTimes(1);
    expect(document.querySelector('dialog')).toBeNull();
    minutes = 60;
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    const dialog = screen.getByRole('dialog', { name: en.limits.check_title });
    await expect.element(dialog).toHaveTextContent(fill(en.limits.check_time, { duration: fill(en.limits.duration_hm, { h: '1', m: '0' }) }));
    await expect.element(dialog).toHaveTextContent('-20.40');
    await expect.element(dialog).toHaveTextContent(fill(en.limits.check_open, { amount: '100.20 USDT' }));
    // Continue: the next one an hour after this one.
    await dialog.getByRole('button', { name: en.limits.check_continue }).click();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(3));
    expect(document.querySelector('dialog')).toBeNull();
    await vi.advanceTimersByTimeAsync(59 * MIN);
    expect(read).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2 * MIN);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(4));
  });

  it('shows a reminder that is already due at once, and not again after a reload', async () => {
    const first = await renderCheck(() => viewAt(75));
    const dialog = first.screen.getByRole('dialog', { name: en.limits.check_title });
    await expect.element(dialog).toHaveTextContent(fill(en.limits.duration_hm, { h: '1', m: '15' }));
    await dialog.getByRole('button', { name: en.limits.check_break }).click();
    await vi.waitFor(() => expect(first.where.pathname).toBe('/limits'));
    first.screen.unmount();
    const again = await renderCheck(() => viewAt(76));
    await vi.waitFor(() => expect(again.read).toHaveBeenCalledTimes(1));
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('stays quiet while the member has turned it off', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { read } = await renderCheck(() => viewAt(600, null));
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(24 * 60 * MIN);
    expect(read).toHaveBeenCalledTimes(1);
    expect(document.querySelector('dialog')).toBeNull();
  });
});

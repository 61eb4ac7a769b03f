import { createStore, Provider } from 'jotai';
import { TranslationProvider } from '../i18n/translation.tsx';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { Lang } from '../../contract/primitives.ts';
import { createI18n } from '../i18n/createI18n.ts';
import { langAtom } from '../state/language.ts';
import { MarketClosedLabel } from './MarketClosedLabel.tsx';

/** Monday 2 November 2026, 09:30 in New York (14:30 UTC). */
const MONDAY_OPEN = Date.UTC(2026, 10, 2, 14, 30);

async function label(lang: Lang, product: { open: boolean; nextOpen?: number | null }, timeZone: string) {
  const store = createStore();
  store.set(langAtom, lang);
  const i18n = await createI18n(lang);
  const screen = await render(
    <Provider store={store}>
      <TranslationProvider i18n={i18n}>
        <p data-testid="label">
          <MarketClosedLabel product={product} timeZone={timeZone} />
        </p>
      </TranslationProvider>
    </Provider>,
  );
  const el = screen.getByTestId('label');
  await expect.element(el).toBeInTheDocument();
  const text = el.element().textContent;
  await screen.unmount();
  return text;
}

describe('MarketClosedLabel', () => {
  it('says when a closed market opens, in the member\'s time zone and language, on a 24-hour clock', async () => {
    expect(await label('en', { open: false, nextOpen: MONDAY_OPEN }, 'America/New_York')).toBe('Closed · opens Mon 09:30');
    // The same instant for a member in Ho Chi Minh City is Monday 21:30.
    expect(await label('vn', { open: false, nextOpen: MONDAY_OPEN }, 'Asia/Ho_Chi_Minh')).toBe('Đã đóng cửa · mở lúc 21:30 Thứ 2');
    expect(await label('zn', { open: false, nextOpen: MONDAY_OPEN }, 'Asia/Shanghai')).toMatch(/^休市 · .*22:30 开市$/);
  });

  it('says only "Closed" when the server gives no time, and nothing while open', async () => {
    expect(await label('en', { open: false, nextOpen: null }, 'UTC')).toBe('Closed');
    expect(await label('en', { open: false }, 'UTC')).toBe('Closed');
    expect(await label('en', { open: true, nextOpen: null }, 'UTC')).toBe('');
  });
});

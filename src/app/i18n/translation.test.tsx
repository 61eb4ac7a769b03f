import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import en from '../../../locales/en.json' with { type: 'json' };
import vn from '../../../locales/vn.json' with { type: 'json' };
import { createI18n, loadPack } from './createI18n.ts';
import { TranslationProvider, useTranslation } from './translation.tsx';

function Back() {
  const { t } = useTranslation();
  return <p>{t('app.back')}</p>;
}

describe('TranslationProvider', () => {
  it('translates into the language in use, and follows a change of language live', async () => {
    const i18n = await createI18n('en');
    const screen = await render(<TranslationProvider i18n={i18n}><Back /></TranslationProvider>);
    await expect.element(screen.getByText(en.app.back)).toBeVisible();
    await loadPack(i18n, 'vn');
    await i18n.changeLanguage('vn');
    await expect.element(screen.getByText(vn.app.back)).toBeVisible();
  });

  it('follows a change made before its first effect ran', async () => {
    const i18n = await createI18n('en');
    await loadPack(i18n, 'vn');
    function ChangeWhileRendering() {
      // Changes the language during the first render, before the provider has subscribed.
      void i18n.changeLanguage('vn');
      return <Back />;
    }
    const screen = await render(<TranslationProvider i18n={i18n}><ChangeWhileRendering /></TranslationProvider>);
    await expect.element(screen.getByText(vn.app.back)).toBeVisible();
  });

  it('looks a plain key up once per language; a call with values is resolved each time', async () => {
    const i18n = await createI18n('en');
    await loadPack(i18n, 'vn');
    const asked: string[] = [];
    const resolve = i18n.t.bind(i18n);
    i18n.t = ((...args: Parameters<typeof i18n.t>) => {
      asked.push(String(args[0]));
      return resolve(...args);
    }) as typeof i18n.t;
    function Rows() {
      const { t } = useTranslation();
      return (
        <ul>
          {[1, 2, 3].map((n) => (
            <li key={n}>
              {t('app.back')} {t('app.amount_currency', { amount: String(n), currency: 'USDT' })}
            </li>
          ))}
        </ul>
      );
    }
    const screen = await render(<TranslationProvider i18n={i18n}><Rows /></TranslationProvider>);
    await expect.element(screen.getByText(`${en.app.back} 3`, { exact: false })).toBeVisible();
    expect(asked.filter((k) => k === 'app.back')).toHaveLength(1);
    expect(asked.filter((k) => k === 'app.amount_currency')).toHaveLength(3);
    await i18n.changeLanguage('vn');
    await expect.element(screen.getByText(vn.app.back, { exact: false }).first()).toBeVisible();
    expect(asked.filter((k) => k === 'app.back')).toHaveLength(2);
  });

  it('says what is missing when a component translates outside it', async () => {
    await expect(render(<Back />)).rejects.toThrow('useTranslation needs a TranslationProvider above it');
  });
});

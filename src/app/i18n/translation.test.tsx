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

  it('says what is missing when a component translates outside it', async () => {
    await expect(render(<Back />)).rejects.toThrow('useTranslation needs a TranslationProvider above it');
  });
});

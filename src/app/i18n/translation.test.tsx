import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import en from '../../../locales/en.json' with { type: 'json' };
import vn from '../../../locales/vn.json' with { type: 'json' };
import zn from '../../../locales/zn.json' with { type: 'json' };
import type { TFunction } from 'i18next';
import { createI18n, loadPack } from './createI18n.ts';
import { TranslationProvider, useTranslation } from './translation.tsx';

const fill = (text: string, values: Record<string, string>) => text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');

/** Every key of a pack with its text, as t's dotted keys. */
function leaves(pack: object, prefix = ''): [string, string][] {
  return Object.entries(pack).flatMap(([k, v]): [string, string][] => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : leaves(v as object, `${prefix}${k}.`)));
}

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

  it('reads each key from the pack once per language and fills its values itself; i18next resolves none of these calls', async () => {
    const i18n = await createI18n('en');
    await loadPack(i18n, 'vn');
    const read: string[] = [];
    const resolved: string[] = [];
    const getResource = i18n.getResource.bind(i18n);
    i18n.getResource = ((...args: Parameters<typeof i18n.getResource>) => {
      read.push(`${args[0]}:${args[2]}`);
      return getResource(...args);
    }) as typeof i18n.getResource;
    const resolve = i18n.t.bind(i18n);
    i18n.t = ((...args: Parameters<typeof i18n.t>) => {
      resolved.push(String(args[0]));
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
    await expect.element(screen.getByText(`${en.app.back} ${fill(en.app.amount_currency, { amount: '3', currency: 'USDT' })}`)).toBeVisible();
    expect(read).toEqual(['en:app.back', 'en:app.amount_currency']);
    expect(resolved).toEqual([]);
    await i18n.changeLanguage('vn');
    await expect.element(screen.getByText(`${vn.app.back} ${fill(vn.app.amount_currency, { amount: '3', currency: 'USDT' })}`)).toBeVisible();
    expect(read).toEqual(['en:app.back', 'en:app.amount_currency', 'vn:app.back', 'vn:app.amount_currency']);
    expect(resolved).toEqual([]);
  });

  it('gives what i18next gives for every key of every pack, and leaves counts and missing values to i18next', async () => {
    const i18n = await createI18n('en');
    for (const lang of ['en', 'vn', 'zn'] as const) {
      await loadPack(i18n, lang);
      await i18n.changeLanguage(lang);
      let t: TFunction | null = null;
      function Grab() {
        t = useTranslation().t;
        return null;
      }
      const screen = await render(<TranslationProvider i18n={i18n}><Grab /></TranslationProvider>);
      if (t === null) throw new Error('no t');
      const ours: TFunction = t;
      const theirs = i18n.getFixedT(lang);
      const packs = { en, vn, zn } as const;
      for (const [key, text] of leaves(packs[lang])) {
        const names = [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '');
        const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? i * 1234.5 : `<${name}>`]));
        expect(ours(key, values), `${lang} ${key}`).toBe(theirs(key, values));
        expect(ours(key), `${lang} ${key}`).toBe(theirs(key));
      }
      // A count picks the plural form: i18next's part.
      expect(ours('earn.days', { count: 1 })).toBe(theirs('earn.days', { count: 1 }));
      expect(ours('earn.days', { count: 2 })).toBe(theirs('earn.days', { count: 2 }));
      // A missing key and a missing value are i18next's to answer, as before.
      expect(ours('app.no_such_key', { amount: '1' })).toBe(theirs('app.no_such_key', { amount: '1' }));
      expect(ours('app.amount_currency', { amount: '1' })).toBe(theirs('app.amount_currency', { amount: '1' }));
      await screen.unmount();
    }
    expect(i18n.getFixedT('en')('earn.days', { count: 2 })).toBe(fill(en.earn.days_other, { count: '2' }));
  });

  it('says what is missing when a component translates outside it', async () => {
    await expect(render(<Back />)).rejects.toThrow('useTranslation needs a TranslationProvider above it');
  });
});

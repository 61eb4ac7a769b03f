import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { Lang } from '../../contract/primitives.ts';
import type en from '../../../locales/en.json';
import { DEFAULT_LANG, LANGS } from './languages.ts';

type Pack = typeof en;

// Only the member's language loads (its own chunk, which the boot script preloads beside the entry); the parity
// test keeps every pack complete, so no second pack is fetched as a fallback.
const loaders: Readonly<Record<Lang, () => Promise<Pack>>> = {
  en: () => import('../../../locales/en.json').then((m) => m.default),
  vn: () => import('../../../locales/vn.json').then((m) => m.default),
  zn: () => import('../../../locales/zn.json').then((m) => m.default),
};

export async function loadPack(i18n: I18n, lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await loaders[lang]());
}

/** One instance per app, so tests cannot leak a language into each other. */
export async function createI18n(lang: Lang): Promise<I18n> {
  const resources: Resource = { [lang]: { translation: await loaders[lang]() } };
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    resources,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

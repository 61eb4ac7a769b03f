import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import type { Lang } from '../../contract/primitives.ts';
import { loadPack } from '../i18n/createI18n.ts';
import { intlLocale } from '../i18n/languages.ts';
import { langAtom } from './language.ts';

/** Switches the whole app live: loads the pack if needed, then stores the choice. */
export function useChangeLanguage(): (lang: Lang) => Promise<void> {
  const { i18n } = useTranslation();
  const setLang = useSetAtom(langAtom);
  return useCallback(
    async (lang: Lang) => {
      await loadPack(i18n, lang);
      await i18n.changeLanguage(lang);
      setLang(lang);
      document.documentElement.lang = intlLocale(lang);
    },
    [i18n, setLang],
  );
}

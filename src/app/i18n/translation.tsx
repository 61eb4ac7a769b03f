import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, use, useEffect, useState, type ReactNode } from 'react';

interface Translation {
  readonly t: TFunction;
  readonly i18n: I18n;
  /** The language `t` translates into. */
  readonly lang: string;
}

const TranslationContext = createContext<Translation | null>(null);

const translationOf = (i18n: I18n): Translation => ({ t: i18n.getFixedT(i18n.language), i18n, lang: i18n.language });

/**
 * The app's i18n instance and its `t` for the language in use. One subscription here, not one per component: each
 * of react-i18next's hooks built its options, subscribed to the instance and checked its namespaces on every render,
 * a few ms per screen on a slow phone for what changes only when the member picks another language.
 */
export function TranslationProvider({ i18n, children }: { readonly i18n: I18n; readonly children: ReactNode }) {
  const [value, setValue] = useState(() => translationOf(i18n));
  useEffect(() => {
    const changed = (): void => setValue(translationOf(i18n));
    // A change between the first render and this effect would otherwise be missed.
    if (value.i18n !== i18n || value.lang !== i18n.language) changed();
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [i18n, value]);
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

/** `t` and the instance, as react-i18next's hook of the same name gave them; a new `t` when the language changes. */
export function useTranslation(): Translation {
  const value = use(TranslationContext);
  if (!value) throw new Error('useTranslation needs a TranslationProvider above it');
  return value;
}

import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, use, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';

interface Translation {
  readonly t: TFunction;
  readonly i18n: I18n;
}

const TranslationContext = createContext<Translation | null>(null);

/**
 * The app's i18n instance and its `t` for the language in use. One subscription here, not one per component: each
 * of react-i18next's hooks built its options, subscribed to the instance and checked its namespaces on every render,
 * a few ms per screen on a slow phone for what changes only when the member picks another language.
 */
export function TranslationProvider({ i18n, children }: { readonly i18n: I18n; readonly children: ReactNode }) {
  const subscribe = useCallback((changed: () => void) => {
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [i18n]);
  // React reads the language again once subscribed, so a change before that is not missed.
  const lang = useSyncExternalStore(subscribe, () => i18n.language);
  const value = useMemo(() => ({ t: rememberPlainKeys(i18n.getFixedT(lang)), i18n }), [i18n, lang]);
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

/**
 * `t` that looks each plain key (no options) up once: a list's rows ask the same few keys on every render, and
 * i18next resolves each call afresh. Safe per language because a language's pack is complete before it is used
 * (loadPack, then changeLanguage) and never changes after; calls with options (values, counts) go straight through.
 */
function rememberPlainKeys(fixed: TFunction): TFunction {
  const known = new Map<string, string>();
  const t = (...args: Parameters<TFunction>): ReturnType<TFunction> => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== 'string') return fixed(...args);
    const found = known.get(key);
    if (found !== undefined) return found;
    const text = fixed(key);
    known.set(key, text);
    return text;
  };
  return t as TFunction;
}

/** `t` and the instance, as react-i18next's hook of the same name gave them; a new `t` when the language changes. */
export function useTranslation(): Translation {
  const value = use(TranslationContext);
  if (!value) throw new Error('useTranslation needs a TranslationProvider above it');
  return value;
}

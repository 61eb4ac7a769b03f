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
  const value = useMemo(() => ({ t: filledFromPack(i18n, lang, i18n.getFixedT(lang)), i18n }), [i18n, lang]);
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

/**
 * A template ready to fill: text, name, text, name, ..., text. null: the call is i18next's to resolve (a missing key, a
 * formatter, nesting).
 */
type Template = readonly string[] | null;

const PLACEHOLDER = /{{\s*([^{}\s]+)\s*}}/g;

/** i18next's own options: a call that passes one (a count for plurals, a context, a default) is i18next's. */
const I18NEXT_OPTIONS = new Set([
  'count', 'context', 'defaultValue', 'lng', 'lngs', 'ns', 'returnObjects', 'returnDetails', 'joinArrays', 'postProcess',
  'interpolation', 'replace', 'ordinal', 'keyPrefix', 'fallbackLng', 'nsSeparator', 'keySeparator', 'skipInterpolation',
]);

function compile(raw: unknown): Template {
  if (typeof raw !== 'string' || raw.includes('$t(')) return null;
  const parts: string[] = [];
  let last = 0;
  for (const match of raw.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    // A formatter ({{value, number}}) or the unescaped mark ({{- value}}): i18next's.
    if (name.includes(',') || name.startsWith('-')) return null;
    parts.push(raw.slice(last, match.index), name);
    last = match.index + match[0].length;
  }
  parts.push(raw.slice(last));
  return parts.some((part, i) => i % 2 === 0 && part.includes('{{')) ? null : parts;
}

/** Plain values to fill, none of them i18next's own options (no key list allocated: t runs in every row's render). */
function isValues(v: unknown): v is Readonly<Record<string, unknown>> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const key in v) if (I18NEXT_OPTIONS.has(key)) return false;
  return true;
}

/**
 * `t` that reads each key's text from the pack once and fills its placeholders itself: a list's rows ask the same few
 * keys on every render, and i18next resolves each call afresh (the key's path, namespaces, plurals, nesting, then its
 * interpolator), a few ms per screen on a slow phone. Safe per language because a language's pack is complete before
 * it is used (loadPack, then changeLanguage) and never changes after. Whatever this does not know to be a plain fill
 * (counts, contexts, formatters, a missing key or value) goes to i18next as before.
 */
function filledFromPack(i18n: I18n, lang: string, fixed: TFunction): TFunction {
  const templates = new Map<string, Template>();
  const templateOf = (key: string): Template => {
    let template = templates.get(key);
    if (template === undefined) {
      template = compile(i18n.getResource(lang, 'translation', key));
      templates.set(key, template);
    }
    return template;
  };
  const t = (...args: Parameters<TFunction>): ReturnType<TFunction> => {
    const [key, values] = args;
    if (typeof key !== 'string' || args.length > 2 || (values !== undefined && !isValues(values))) return fixed(...args);
    const template = templateOf(key);
    if (template === null || (template.length > 1 && values === undefined)) return fixed(...args);
    let text = template[0] ?? '';
    for (let i = 1; i < template.length; i += 2) {
      const value = values?.[template[i] ?? ''];
      if (typeof value !== 'string' && typeof value !== 'number') return fixed(...args);
      text += String(value) + (template[i + 1] ?? '');
    }
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

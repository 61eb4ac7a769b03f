import type { Lang } from '../../contract/primitives.ts';

export const LANGS: readonly Lang[] = ['en', 'vn', 'zn'];
export const DEFAULT_LANG: Lang = 'en';

export const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

/** decisions.md: our codes map to these Intl locales. */
const intlLocales: Readonly<Record<Lang, string>> = { en: 'en-US', vn: 'vi-VN', zn: 'zh-CN' };
export const intlLocale = (lang: Lang): string => intlLocales[lang];

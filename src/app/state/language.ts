import type { Lang } from '../../contract/primitives.ts';
import { DEFAULT_LANG, isLang } from '../i18n/languages.ts';
import { LANG_KEY } from '../storage/local.ts';
import { atomWithLocalStorage } from './atomWithLocalStorage.ts';

/** The member's language (spec 9): read from and stored to localStorage `lang`, default en. */
export const langAtom = atomWithLocalStorage<Lang>(LANG_KEY, (raw) => (isLang(raw) ? raw : DEFAULT_LANG), (lang) => lang);

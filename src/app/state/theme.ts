import { THEME_KEY } from '../storage/local.ts';
import { atomWithLocalStorage } from './atomWithLocalStorage.ts';

/** "system" follows prefers-color-scheme; the other two pin a theme. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const isThemeChoice = (raw: string | null): raw is ThemeChoice => THEME_CHOICES.includes(raw as ThemeChoice);

export const themeChoiceAtom = atomWithLocalStorage<ThemeChoice>(THEME_KEY, (raw) => (isThemeChoice(raw) ? raw : 'system'), (choice) => (choice === 'system' ? null : choice));

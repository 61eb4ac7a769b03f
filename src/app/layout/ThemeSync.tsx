import { useAtomValue } from '../state/atomHooks.ts';
import { useEffect } from 'react';
import { themeChoiceAtom, type ThemeChoice } from '../state/theme.ts';

const LIGHT_QUERY = '(prefers-color-scheme: light)';

function apply(choice: ThemeChoice, systemLight: boolean): void {
  const theme = choice === 'system' ? (systemLight ? 'light' : 'dark') : choice;
  const root = document.documentElement;
  // The boot script set this theme, its color-scheme and the bar's colour before the first paint: reading --bg back
  // would force a style recalculation in the middle of the first render for nothing.
  if (root.dataset['theme'] === theme && root.style.colorScheme === theme) return;
  // base.css reads data-theme; color-scheme makes form controls and scrollbars follow.
  root.dataset['theme'] = theme;
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', getComputedStyle(root).getPropertyValue('--bg').trim());
}

/** Keeps <html data-theme> in step with the member's choice and, for "system", with the phone's setting. */
export function ThemeSync() {
  const choice = useAtomValue(themeChoiceAtom);
  useEffect(() => {
    const media = window.matchMedia(LIGHT_QUERY);
    apply(choice, media.matches);
    const onChange = (e: MediaQueryListEvent) => apply(choice, e.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [choice]);
  return null;
}

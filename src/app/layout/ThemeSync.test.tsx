import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import '../styles/base.css';
import { themeChoiceAtom } from '../state/theme.ts';
import { ThemeSync } from './ThemeSync.tsx';

const root = document.documentElement;

function themeColorMeta(): HTMLMetaElement {
  const found = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (found) return found;
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  document.head.append(meta);
  return meta;
}

/** The page as the boot script leaves it (dark), with ThemeSync mounted over it for a member whose choice is dark. */
async function mountOverBootTheme() {
  root.dataset['theme'] = 'dark';
  root.style.colorScheme = 'dark';
  const meta = themeColorMeta();
  meta.content = 'set by boot';
  const store = createStore();
  store.set(themeChoiceAtom, 'dark');
  await render(<Provider store={store}><ThemeSync /></Provider>);
  return { meta, store };
}

describe('ThemeSync', () => {
  afterEach(() => {
    delete root.dataset['theme'];
    root.style.colorScheme = '';
  });

  it('leaves the theme the boot script already applied as it is, bar colour included', async () => {
    const { meta } = await mountOverBootTheme();
    expect(root.dataset['theme']).toBe('dark');
    expect(meta.content).toBe('set by boot');
  });

  it('applies a theme that differs from the page: data-theme, color-scheme and the bar colour from --bg', async () => {
    const { meta, store } = await mountOverBootTheme();
    store.set(themeChoiceAtom, 'light');
    await expect.poll(() => root.dataset['theme']).toBe('light');
    expect(root.style.colorScheme).toBe('light');
    expect(meta.content).toBe('#f4f6f9');
  });
});

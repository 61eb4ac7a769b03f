import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { renderApp } from '../testing/renderApp.tsx';
import { resetBrowserState } from '../testing/reset.ts';

resetBrowserState();

const setOnline = (online: boolean): void => {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('the offline banner', () => {
  afterEach(() => setOnline(true));

  it('is part of the app root: the network gone before the page has settled still shows it, and back, it goes', async () => {
    const { screen } = await renderApp('/');
    // No service-worker layer is loaded here (main.tsx loads it once the page settles), yet the banner is there.
    setOnline(false);
    await expect.element(screen.getByText(en.pwa.offline)).toBeVisible();
    setOnline(true);
    await expect.element(screen.getByText(en.pwa.offline)).not.toBeInTheDocument();
  });
});

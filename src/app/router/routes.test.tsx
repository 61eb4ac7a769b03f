import { describe, expect, it } from 'vitest';
import { guardConsole } from '../testing/consoleGuard.ts';
import { ok } from '../testing/fakeApi.ts';
import { config } from '../testing/fakeApi.ts';
import { renderApp } from '../testing/renderApp.tsx';
import { resetBrowserState } from '../testing/reset.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import { screenKeys, screenPaths, tabScreens } from './screens.ts';

resetBrowserState();
guardConsole();

describe('router', () => {
  it("has the 24 paths of the spec, and the member account's own", () => {
    expect(Object.values(screenPaths)).toHaveLength(24 + ['/passkeys', '/devices', '/limits'].length);
  });

  it.each(screenKeys)('renders %s by direct link, with the tab bar only on tab screens', async (key) => {
    const { screen } = await renderApp(screenPaths[key]);
    const title = key === 'home' ? config.web_name : en.screen[key];
    await expect.element(screen.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    const tabBar = screen.getByRole('navigation', { name: en.app.main_nav });
    const back = screen.getByRole('button', { name: en.app.back });
    if (tabScreens.includes(key)) {
      await expect.element(tabBar).toBeVisible();
      await expect.element(back).not.toBeInTheDocument();
    } else {
      await expect.element(back).toBeVisible();
      await expect.element(tabBar).not.toBeInTheDocument();
    }
    expect(document.title).toBe(config.web_name);
    // Mobile-first: nothing may scroll sideways at 360 px, and every control is a 44 px touch target.
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const controls = [...document.querySelectorAll<HTMLElement>('a, button, input:not([type=radio]), label.choice')];
    expect(controls.length).toBeGreaterThan(0);
    const small = controls.filter((el) => el.getBoundingClientRect().height < 44).map((el) => el.outerHTML.slice(0, 80));
    expect(small).toEqual([]);
  });

  it('shows a translated not-found screen for unknown paths', async () => {
    const { screen } = await renderApp('/no/such/page');
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.notfound })).toBeVisible();
    await expect.element(screen.getByText(en.notfound.body)).toBeVisible();
  });

  it('fetches the config before each navigation and only then shows the next screen', async () => {
    const { api, screen } = await renderApp('/');
    await expect.element(screen.getByRole('heading', { level: 1, name: config.web_name })).toBeVisible();
    expect(api.count('common/config')).toBe(1);
    api.hold('common/config');
    await screen.getByRole('link', { name: en.nav.market }).click();
    const pending = await api.request('common/config', 2);
    // Still on home while the config is in flight.
    await expect.element(screen.getByRole('heading', { level: 1, name: config.web_name })).toBeVisible();
    pending.respond(ok({ ...config, web_name: 'Renamed' }));
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.hq })).toBeVisible();
    expect(document.title).toBe('Renamed');
  });

  it('shares one config request between overlapping navigations', async () => {
    const { api, app, screen } = await renderApp('/');
    await expect.element(screen.getByRole('heading', { level: 1, name: config.web_name })).toBeVisible();
    api.hold('common/config');
    const first = app.router.navigate('/lang');
    const second = app.router.navigate('/my');
    (await api.request('common/config', 2)).release();
    await Promise.all([first, second]);
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.my })).toBeVisible();
    expect(api.count('common/config')).toBe(2);
  });

  it('goes back to home from a direct link with the back button', async () => {
    const { screen } = await renderApp('/wallet');
    await screen.getByRole('button', { name: en.app.back }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: config.web_name })).toBeVisible();
  });
});

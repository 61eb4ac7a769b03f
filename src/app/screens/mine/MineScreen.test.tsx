import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { screenKeys, screenPaths, tabScreens } from '../../router/screens.ts';
import { mineGroups } from './MineMenu.tsx';
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail } from '../../testing/fakeApi.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

describe('/my', () => {
  it('shows the profile, level, verified badge and balances', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { screen } = await renderApp('/my');
    await expect.element(screen.getByRole('heading', { name: 'alice01' })).toBeVisible();
    await expect.element(screen.getByText('Level 3')).toBeVisible();
    await expect.element(screen.getByText(en.my.verified)).toBeVisible();
    await expect.element(screen.getByText('1,000.50 USDT')).toBeVisible();
  });

  it('links to every sub-screen that works on its own', async () => {
    const { screen } = await renderApp('/my');
    const menu = screen.getByRole('navigation', { name: en.my.menu });
    // /trade and /xq need a product and /recharge2 needs step 1: they are reached from their flows.
    const needContext = ['trade', 'xq', 'recharge2'];
    const subScreens = screenKeys.filter((k) => !tabScreens.includes(k) && k !== 'login' && k !== 'reg' && !needContext.includes(k));
    for (const key of subScreens) {
      await expect.element(menu.getByRole('link', { name: en.screen[key], exact: true })).toHaveAttribute('href', screenPaths[key]);
    }
  });

  it('groups the menu into account, wallet, security, support and settings, with no dead end', async () => {
    const { screen } = await renderApp('/my');
    const menu = screen.getByRole('navigation', { name: en.my.menu });
    for (const group of mineGroups) {
      const section = menu.getByRole('region', { name: en.my[`group_${group.id}`] });
      await expect.element(section).toBeVisible();
      for (const key of group.screens) await expect.element(section.getByRole('link', { name: en.screen[key], exact: true })).toBeVisible();
    }
    expect(menu.getByRole('link').elements().map((a) => a.getAttribute('href'))).not.toContain('/trade');
  });

  it('switches the theme in settings and keeps the choice', async () => {
    const { screen } = await renderApp('/my');
    const select = screen.getByRole('combobox', { name: en.my.theme });
    await select.selectOptions(en.my.theme_light);
    await expect.poll(() => document.documentElement.dataset['theme']).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    await select.selectOptions(en.my.theme_dark);
    await expect.poll(() => document.documentElement.dataset['theme']).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('logs out: clears the token and goes to /login', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { app, screen } = await renderApp('/my');
    await screen.getByRole('button', { name: en.auth.logout }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.login })).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(app.router.state.route?.location.pathname).toBe('/login');
  });

  it('signed out: shows the sign-in prompt', async () => {
    const { api, screen } = await renderApp('/my');
    await expect.element(screen.getByText(en.auth.signin_prompt)).toBeVisible();
    expect(api.count('user/details')).toBe(0);
  });

  it('a 401 clears the token and the session and sends the member to /login', async () => {
    localStorage.setItem('accessToken', 'revoked');
    const { app, screen } = await renderApp('/my', { 'user/details': () => fail(401, 4010, 'error.unauthorized') });
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.login })).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(app.router.state.route?.location.pathname).toBe('/login');
    // The in-memory session is gone too: home now asks the member to sign in.
    await app.router.navigate('/');
    await expect.element(screen.getByText(en.auth.signin_prompt)).toBeVisible();
  });
});

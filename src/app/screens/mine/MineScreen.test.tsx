import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { screenKeys, screenPaths, tabScreens } from '../../router/screens.ts';
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

  it('links to every sub-screen', async () => {
    const { screen } = await renderApp('/my');
    const menu = screen.getByRole('navigation', { name: en.my.menu });
    const subScreens = screenKeys.filter((k) => !tabScreens.includes(k) && k !== 'login' && k !== 'reg');
    for (const key of subScreens) {
      await expect.element(menu.getByRole('link', { name: en.screen[key], exact: true })).toHaveAttribute('href', screenPaths[key]);
    }
  });

  it('logs out: clears the token and goes to /login', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { app, screen } = await renderApp('/my');
    await screen.getByRole('button', { name: en.auth.logout }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.login })).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(app.router.state.location.pathname).toBe('/login');
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
    expect(app.router.state.location.pathname).toBe('/login');
    // The in-memory session is gone too: home now asks the member to sign in.
    await app.router.navigate('/');
    await expect.element(screen.getByText(en.auth.signin_prompt)).toBeVisible();
  });
});

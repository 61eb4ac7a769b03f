import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok, type Recorded, type Reply } from '../../testing/fakeApi.ts';
import { balanceList, moneyHandlers, wallets } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const login = async (screen: Awaited<ReturnType<typeof renderApp>>['screen'], username: string, password: string) => {
  await screen.getByLabelText(en.label.username).fill(username);
  await screen.getByLabelText(en.label.password).fill(password);
  await screen.getByRole('button', { name: en.auth.login, exact: true }).click();
};

describe('/login', () => {
  it('prompts for missing fields without calling the server', async () => {
    const { api, screen } = await renderApp('/login');
    await screen.getByRole('button', { name: en.auth.login, exact: true }).click();
    await expect.element(screen.getByText(en.prompt.username)).toBeVisible();
    await expect.element(screen.getByText(en.prompt.password)).toBeVisible();
    expect(api.count('user/login')).toBe(0);
  });

  it('says "Name or password incorrect" for wrong credentials and stays signed out', async () => {
    const { screen } = await renderApp('/login', { 'user/login': () => fail(400, 4011, 'error.name_or_password') });
    await login(screen, 'alice01', 'wrong-pass');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Name or password incorrect');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('says "Successful Login", stores the token and shows the balance at home', async () => {
    const { api, screen } = await renderApp('/login', { 'user/login': () => ok({ accessToken: 'tok-9', expiresAt: 1 }) });
    await login(screen, 'alice01', 'secret1');
    await expect.element(screen.getByText(en.msg.login_ok)).toBeVisible();
    await expect.element(screen.getByText('12,345,678,901,234.56 USDT')).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBe('tok-9');
    expect(api.last('user/details')?.headers.get('Authorization')).toBe('tok-9');
  });

  it('links to registration and sends a forgotten password to support', async () => {
    const { screen } = await renderApp('/login');
    await expect.element(screen.getByRole('link', { name: en.auth.register })).toHaveAttribute('href', '/reg');
    await expect.element(screen.getByRole('link', { name: en.auth.forgot })).toHaveAttribute('href', '/kf');
  });

  it('returns to where the member was (?next=) instead of home', async () => {
    const { app, screen } = await renderApp('/login?next=%2Fwallet', { 'user/login': () => ok({ accessToken: 'tok-9', expiresAt: 1 }) });
    await login(screen, 'alice01', 'secret1');
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.wallet })).toBeVisible();
    expect(app.router.state.route?.location.pathname).toBe('/wallet');
  });

  it('never follows a next that leaves the app', async () => {
    const { app, screen } = await renderApp('/login?next=%2F%2Fevil.example', { 'user/login': () => ok({ accessToken: 'tok-9', expiresAt: 1 }) });
    await login(screen, 'alice01', 'secret1');
    await expect.element(screen.getByText(en.msg.login_ok)).toBeVisible();
    // The success text shows before the navigation (which fetches the config first) has finished: wait for it.
    await expect.poll(() => app.router.state.route?.location.pathname).toBe('/');
  });

  it('an expired session says so on /login and brings the member back after logging in', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    const expiredOr = (reply: Reply) => (req: Recorded) => (req.headers.get('Authorization') === 'expired-token' ? fail(401, 4010, 'error.unauthorized') : reply);
    const { app, screen } = await renderApp('/wallet', {
      'user/balance_list': expiredOr(ok(balanceList)),
      'user/getUserWallets': expiredOr(ok(wallets)),
      'user/login': () => ok({ accessToken: 'tok-2', expiresAt: 1 }),
    });
    await expect.element(screen.getByText(en.auth.session_expired)).toBeVisible();
    expect(app.router.state.route?.location.search).toContain('next=%2Fwallet');
    await login(screen, 'alice01', 'secret1');
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.wallet })).toBeVisible();
    expect(app.router.state.route?.location.pathname).toBe('/wallet');
  });

  it('a visitor sent to log in from a member screen comes back to it', async () => {
    const { app, screen } = await renderApp('/wallet', { ...moneyHandlers, 'user/login': () => ok({ accessToken: 'tok-3', expiresAt: 1 }) });
    await screen.getByRole('link', { name: en.auth.login, exact: true }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.login })).toBeVisible();
    expect(screen.getByText(en.auth.session_expired).query()).toBeNull();
    await login(screen, 'alice01', 'secret1');
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.wallet })).toBeVisible();
    expect(app.router.state.route?.location.pathname).toBe('/wallet');
  });
});

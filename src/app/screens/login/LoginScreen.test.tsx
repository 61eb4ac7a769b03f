import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
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
});

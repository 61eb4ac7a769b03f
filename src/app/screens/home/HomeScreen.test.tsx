import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { balances, details, fail, notices, ok } from '../../testing/fakeApi.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';
import { READING_PAUSE_MS } from './NoticeTicker.tsx';

resetBrowserState();
guardConsole();

describe('/ (home)', () => {
  it('signed out: shows notices and a sign-in prompt, and never asks for details', async () => {
    const { api, screen } = await renderApp('/');
    await expect.element(screen.getByRole('link', { name: notices.items[0]?.title ?? '' })).toBeVisible();
    await expect.element(screen.getByText(en.auth.signin_prompt)).toBeVisible();
    expect(api.count('user/details')).toBe(0);
    expect(api.last('common/notice')?.method).toBe('GET');
  });

  it('signed in: greets the member by name, shows the balance card and quick actions', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { screen } = await renderApp('/');
    await expect.element(screen.getByRole('heading', { name: en.home.greeting.replace('{{name}}', 'alice01') })).toBeVisible();
    await expect.element(screen.getByText('12,345,678,901,234.56 USDT')).toBeVisible();
    await expect.element(screen.getByText('1,000.50 USDT')).toBeVisible();
    const actions = screen.getByRole('navigation', { name: en.home.actions });
    await expect.element(actions.getByRole('link', { name: en.home.deposit })).toHaveAttribute('href', '/recharge');
    await expect.element(actions.getByRole('link', { name: en.home.withdraw })).toHaveAttribute('href', '/withdraw');
    await expect.element(actions.getByRole('link', { name: en.home.invite })).toHaveAttribute('href', '/yqhy');
    await expect.element(actions.getByRole('link', { name: en.home.support })).toHaveAttribute('href', '/kf');
  });

  it('signed in: the card keeps its size while the balances load, so the actions below do not jump', async () => {
    localStorage.setItem('accessToken', 'tok');
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // A balance of a usual length (the fixture's fills two lines at this width, which no placeholder can foresee).
    const usual = { ...balances, balance: '10000.00' };
    const { api, screen } = await renderApp('/', { 'user/details': async () => (await answered, ok(details)), 'user/balance_list': async () => (await answered, ok(usual)) });
    await expect.poll(() => api.count('user/details') + api.count('user/balance_list')).toBe(2);
    const actions = screen.getByRole('navigation', { name: en.home.actions });
    await expect.element(actions).toBeVisible();
    const before = actions.element().getBoundingClientRect().top;
    answer();
    await expect.element(screen.getByText('10,000.00 USDT')).toBeVisible();
    expect(actions.element().getBoundingClientRect().top).toBe(before);
  });

  it('the ticker moves only once the page has settled and a reading pause has passed', async () => {
    const mounted = performance.now();
    let movedAt: number | null = null;
    const watch = new MutationObserver(() => {
      if (movedAt === null && document.querySelector('.ticker__track--moving')) movedAt = performance.now();
    });
    watch.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
    const { screen } = await renderApp('/');
    await expect.element(screen.getByRole('link', { name: notices.items[0]?.title ?? '' })).toBeVisible();
    await expect.poll(() => movedAt, { timeout: READING_PAUSE_MS * 5 }).not.toBeNull();
    watch.disconnect();
    expect((movedAt ?? 0) - mounted).toBeGreaterThanOrEqual(READING_PAUSE_MS);
    const track = document.querySelector('.ticker__track--moving');
    expect(track?.getAnimations().length).toBeGreaterThan(0);
  });

  it('shows a translated failure with a retry when notices fail', async () => {
    const { api, screen } = await renderApp('/', { 'common/notice': () => fail(500, 5000, 'error.internal') });
    await expect.element(screen.getByText(en.error.internal)).toBeVisible();
    await screen.getByRole('button', { name: en.app.retry }).click();
    await expect.poll(() => api.count('common/notice')).toBe(2);
  });
});

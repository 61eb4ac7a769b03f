import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import vn from '../../../../locales/vn.json' with { type: 'json' };
import zn from '../../../../locales/zn.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

describe('/lang', () => {
  it('switches the language live, stores it, and sends it on the next call', async () => {
    const { api, screen } = await renderApp('/lang');
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.lang })).toBeVisible();
    await expect.element(screen.getByRole('radio', { name: en.lang.en })).toBeChecked();

    await screen.getByRole('radio', { name: en.lang.vn }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: vn.screen.lang })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: vn.app.back })).toBeVisible();
    expect(localStorage.getItem('lang')).toBe('vn');
    expect(document.documentElement.lang).toBe('vi-VN');

    await screen.getByRole('button', { name: vn.app.back }).click();
    await expect.element(screen.getByRole('link', { name: vn.nav.market })).toBeVisible();
    expect(api.last('common/config')?.headers.get('Accept-Language')).toBe('vn');
  });

  it('starts in the stored language', async () => {
    localStorage.setItem('lang', 'zn');
    const { screen } = await renderApp('/my');
    await expect.element(screen.getByRole('heading', { level: 1, name: zn.screen.my })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: zn.nav.home })).toBeVisible();
  });

  it('falls back to en for an unknown stored value', async () => {
    localStorage.setItem('lang', 'xx');
    const { screen } = await renderApp('/lang');
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.lang })).toBeVisible();
  });
});

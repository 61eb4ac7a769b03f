import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok, type Recorded } from '../../testing/fakeApi.ts';
import { expectMobileLayout } from '../../testing/mobileLayout.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const items = (lang: string) => [
  { id: 1, kind: 'notice', title: `Maintenance (${lang})`, body: 'Sunday 02:00-03:00 UTC.\nOrders settle as usual.', createdAt: 1_700_000_000_000 },
  { id: 2, kind: 'help', title: `How do wealth products earn? (${lang})`, body: '<b>Each day</b> pays principal × rate.', createdAt: 1_700_000_000_000 },
];
const notice = (req: Recorded) => ok({ items: items(req.headers.get('Accept-Language') ?? '?') });

describe('/bz', () => {
  it('lists announcements and help articles, signed out too, each expandable, bodies as text', async () => {
    const { api, screen } = await renderApp('/bz', { 'common/notice': notice });
    await expect.element(screen.getByRole('heading', { name: en.helpcentre.notices })).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: en.helpcentre.articles })).toBeVisible();
    const body = screen.getByText('<b>Each day</b> pays principal × rate.');
    await expect.element(body).not.toBeVisible();
    await screen.getByText('How do wealth products earn? (en)').click();
    await expect.element(body).toBeVisible();
    expect(document.querySelector('.article b')).toBeNull();
    expectMobileLayout();
    expect(api.last('common/notice')?.method).toBe('GET');
  });

  it('asks in the member language', async () => {
    localStorage.setItem('lang', 'zn');
    const { screen } = await renderApp('/bz', { 'common/notice': notice });
    await expect.element(screen.getByText('Maintenance (zn)')).toBeVisible();
  });

  it('says why when notices fail, and retries', async () => {
    let n = 0;
    const { screen } = await renderApp('/bz', { 'common/notice': (req) => (++n === 1 ? fail(500, 5000, 'error.internal') : notice(req)) });
    await expect.element(screen.getByText(en.error.internal)).toBeVisible();
    await screen.getByRole('button', { name: en.app.retry }).click();
    await expect.element(screen.getByText('Maintenance (en)')).toBeVisible();
  });
});

import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import type { SignedInDevice } from '../../../contract/sessions.ts';
import { formatDateTime } from '../../format/index.ts';
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { expectUsableOnPhone, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const T = 1_700_000_000_000;
const here: SignedInDevice = { id: '11111111-1111-4111-8111-111111111111', browser: 'Safari 17', os: 'iOS', signedInAt: T, lastActiveAt: T + 3_600_000, current: true };
const phone: SignedInDevice = { id: '22222222-2222-4222-8222-222222222222', browser: 'Chrome 131', os: 'Android', signedInAt: T - 86_400_000, lastActiveAt: T - 60_000, current: false };
const odd: SignedInDevice = { id: '33333333-3333-4333-8333-333333333333', browser: '', os: '', signedInAt: T - 2 * 86_400_000, lastActiveAt: T - 2 * 86_400_000, current: false };
const listed = (...items: SignedInDevice[]) => () => ok({ items });

type Screen = Awaited<ReturnType<typeof renderApp>>['screen'];
const list = (screen: Screen) => screen.getByRole('list', { name: en.devices.list });
const rows = (screen: Screen) => list(screen).getByRole('listitem').elements().length;
const signOutPhone = (screen: Screen) => screen.getByRole('button', { name: 'Sign out Chrome 131 on Android' });

describe('/devices', () => {
  it('lists my signed-in devices: this one marked, each with when it signed in and was last active', async () => {
    signIn();
    const { screen } = await renderApp('/devices', { 'user/sessions': listed(here, phone, odd) });
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.devices })).toBeVisible();
    await expect.poll(() => rows(screen)).toBe(3);
    const mine = screen.getByRole('listitem', { name: 'Safari 17 on iOS' });
    await expect.element(mine.getByText(en.devices.this_device)).toBeVisible();
    await expect.element(mine.getByText(`Signed in ${formatDateTime(T, 'en')}`)).toBeVisible();
    await expect.element(mine.getByText(en.devices.active_now)).toBeVisible();
    expect(mine.getByRole('button').query()).toBeNull();
    const other = screen.getByRole('listitem', { name: 'Chrome 131 on Android' });
    await expect.element(other.getByText(`Last active ${formatDateTime(phone.lastActiveAt, 'en')}`)).toBeVisible();
    await expect.element(other.getByRole('button', { name: 'Sign out Chrome 131 on Android' })).toHaveTextContent(en.devices.sign_out);
    await expect.element(screen.getByRole('listitem', { name: en.devices.unknown_device })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: en.devices.sign_out_others })).toBeVisible();
    expectUsableOnPhone();
  });

  it('signs one device out after asking, busy until the server answers, then shows the list it answered', async () => {
    signIn();
    const { api, screen } = await renderApp('/devices', { 'user/sessions': listed(here, phone), 'user/session_revoke': listed(here) }, { hold: ['user/session_revoke'] });
    await signOutPhone(screen).click();
    const sheet = screen.getByRole('dialog', { name: en.devices.confirm_one_title });
    await expect.element(sheet).toHaveTextContent('Chrome 131 on Android will be signed out at once');
    await sheet.getByRole('button', { name: en.devices.confirm, exact: true }).click();
    const revoke = await api.nextRequest('user/session_revoke');
    expect(revoke.body).toEqual({ id: phone.id });
    await expect.element(sheet.getByRole('button', { name: en.auth.submitting })).toBeDisabled();
    await expect.element(sheet.getByRole('button', { name: en.devices.cancel })).toBeDisabled();
    revoke.release();
    await expect.element(screen.getByText(en.devices.signed_out_one)).toBeVisible();
    await expect.element(sheet).not.toBeInTheDocument();
    await expect.poll(() => rows(screen)).toBe(1);
    await expect.element(screen.getByText(en.devices.only_this)).toBeVisible();
    expect(screen.getByRole('button', { name: en.devices.sign_out_others }).query()).toBeNull();
    expect(api.count('user/sessions')).toBe(1);
  });

  it('cancelling sends nothing', async () => {
    signIn();
    const { api, screen } = await renderApp('/devices', { 'user/sessions': listed(here, phone) });
    await signOutPhone(screen).click();
    const sheet = screen.getByRole('dialog', { name: en.devices.confirm_one_title });
    await sheet.getByRole('button', { name: en.devices.cancel }).click();
    await expect.element(sheet).not.toBeInTheDocument();
    expect(api.count('user/session_revoke')).toBe(0);
    await expect.poll(() => rows(screen)).toBe(2);
  });

  it('signs every other device out after asking', async () => {
    signIn();
    const { api, screen } = await renderApp('/devices', { 'user/sessions': listed(here, phone, odd), 'user/session_revoke_others': listed(here) });
    await screen.getByRole('button', { name: en.devices.sign_out_others }).click();
    const sheet = screen.getByRole('dialog', { name: en.devices.confirm_others_title });
    await expect.element(sheet).toHaveTextContent(en.devices.confirm_others_body);
    await sheet.getByRole('button', { name: en.devices.confirm, exact: true }).click();
    await expect.element(screen.getByText(en.devices.signed_out_others)).toBeVisible();
    await expect.poll(() => rows(screen)).toBe(1);
    expect(api.count('user/session_revoke_others')).toBe(1);
  });

  it('shows a refusal in the sheet and reads the list again when that device had already gone', async () => {
    signIn();
    let sessions = [here, phone];
    const { api, screen } = await renderApp('/devices', {
      'user/sessions': () => ok({ items: sessions }),
      'user/session_revoke': () => {
        sessions = [here];
        return fail(404, 4042, 'error.session_unknown');
      },
    });
    await signOutPhone(screen).click();
    const sheet = screen.getByRole('dialog', { name: en.devices.confirm_one_title });
    await sheet.getByRole('button', { name: en.devices.confirm, exact: true }).click();
    await expect.element(sheet.getByRole('alert')).toHaveTextContent(en.error.session_unknown);
    await expect.element(sheet.getByRole('button', { name: en.devices.confirm, exact: true })).toBeEnabled();
    await sheet.getByRole('button', { name: en.devices.cancel }).click();
    await expect.poll(() => rows(screen)).toBe(1);
    expect(api.count('user/sessions')).toBe(2);
  });

  it('a failed load says why and tries again', async () => {
    signIn();
    let fails = true;
    const { screen } = await renderApp('/devices', { 'user/sessions': () => (fails ? fail(500, 5000, 'error.internal') : ok({ items: [here] })) });
    await expect.element(screen.getByRole('alert')).toHaveTextContent(en.error.internal);
    fails = false;
    await screen.getByRole('button', { name: en.app.retry }).click();
    await expect.poll(() => rows(screen)).toBe(1);
  });

  it('a session that went unused too long sends the member to /login, saying so, and back here after', async () => {
    signIn();
    const { app, screen } = await renderApp('/devices', { 'user/sessions': () => fail(401, 4018, 'error.session_idle') });
    await expect.element(screen.getByRole('heading', { level: 1, name: en.screen.login })).toBeVisible();
    await expect.element(screen.getByText(en.error.session_idle)).toBeVisible();
    expect(screen.getByText(en.auth.session_expired).query()).toBeNull();
    expect(app.router.state.route?.location.search).toContain('next=%2Fdevices');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

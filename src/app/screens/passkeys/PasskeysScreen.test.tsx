import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { expectUsableOnPhone, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';
import { expectStaysPut } from '../../testing/staysPut.ts';

resetBrowserState();
guardConsole();

const phone = { id: 1, name: 'My phone', createdAt: 1_700_000_000_000, lastUsedAt: null };
const laptop = { id: 2, name: 'Laptop', createdAt: 1_700_000_100_000, lastUsedAt: 1_700_000_200_000 };
const creationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Candlewick Test', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'alice01', displayName: 'alice01' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 60_000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  extensions: { credProps: true },
  hints: [],
};

/** Replaces one of the browser's own objects for a test, put back after it. */
const restores: (() => void)[] = [];
function replace(target: object, key: string, value: unknown) {
  const had = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  restores.push(() => (had ? Object.defineProperty(target, key, had) : Reflect.deleteProperty(target, key)));
}
afterEach(() => {
  for (const restore of restores.splice(0).reverse()) restore();
});

describe('/passkeys', () => {
  it('lists each passkey with when it was added and last used; removes one with the login password', async () => {
    signIn();
    let items = [phone, laptop];
    const { api, screen } = await renderApp('/passkeys', {
      'passkey/list': () => ok({ items }),
      'passkey/remove': (req) => {
        if ((req.body as { loginPassword?: string }).loginPassword !== 'secret123') return fail(400, 4033, 'error.password_wrong', { loginPassword: 'error.password_wrong' });
        items = [laptop];
        return ok({ ok: true });
      },
    });
    await expect.element(screen.getByText('My phone', { exact: true })).toBeVisible();
    await expect.element(screen.getByText(en.passkeys.never_used)).toBeVisible();
    await expect.element(screen.getByText(/^Last used /)).toBeVisible();
    expectUsableOnPhone();

    await screen.getByRole('button', { name: 'Remove My phone' }).click();
    const sheet = screen.getByRole('dialog', { name: 'Remove My phone' });
    await sheet.getByRole('button', { name: en.passkeys.remove, exact: true }).click();
    await expect.element(sheet.getByText(en.prompt.loginPassword)).toBeVisible();
    expect(api.count('passkey/remove')).toBe(0);
    await sheet.getByLabelText(en.paypwd.loginPassword).fill('wrong-one');
    await sheet.getByRole('button', { name: en.passkeys.remove, exact: true }).click();
    await expect.element(sheet.getByText(en.error.password_wrong)).toBeVisible();
    await sheet.getByLabelText(en.paypwd.loginPassword).fill('secret123');
    await sheet.getByRole('button', { name: en.passkeys.remove, exact: true }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent(en.passkeys.removed);
    expect(api.last('passkey/remove')?.body).toEqual({ id: 1, loginPassword: 'secret123' });
    await expect.element(screen.getByText('My phone', { exact: true })).not.toBeInTheDocument();
    await expect.element(screen.getByText('Laptop', { exact: true })).toBeVisible();
  });

  it('keeps the add form where it is when the (empty) list arrives', async () => {
    signIn();
    const { api, screen } = await renderApp('/passkeys', { 'passkey/list': () => ok({ items: [] }) }, { hold: ['passkey/list'] });
    const list = await api.nextRequest('passkey/list');
    await expectStaysPut(screen.getByRole('button', { name: en.passkeys.add }), () => list.release(), screen.getByText(en.passkeys.none));
  });

  it('asks for a name before the browser is asked, and says so when the member cancels its prompt', async () => {
    signIn();
    replace(navigator.credentials, 'create', () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')));
    const { api, screen } = await renderApp('/passkeys', {
      'passkey/list': () => ok({ items: [] }),
      'passkey/register_options': () => ok({ options: creationOptions }),
    });
    await expect.element(screen.getByText(en.passkeys.none)).toBeVisible();
    await screen.getByRole('button', { name: en.passkeys.add }).click();
    await expect.element(screen.getByText(en.passkeys.name_prompt)).toBeVisible();
    expect(api.count('passkey/register_options')).toBe(0);
    await screen.getByLabelText(en.passkeys.name, { exact: true }).fill('Work phone');
    await screen.getByRole('button', { name: en.passkeys.add }).click();
    await expect.element(screen.getByRole('alert').filter({ hasText: en.error.passkey_cancelled })).toBeVisible();
    expect(api.count('passkey/register')).toBe(0);
  });

  it('in a browser without passkeys: says so, still lists them and lets them be removed, offers no adding', async () => {
    signIn();
    replace(globalThis, 'PublicKeyCredential', undefined);
    const { screen } = await renderApp('/passkeys', { 'passkey/list': () => ok({ items: [phone, laptop] }) });
    await expect.element(screen.getByText(en.error.passkey_unsupported)).toBeVisible();
    await expect.element(screen.getByText('My phone', { exact: true })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: en.passkeys.add })).not.toBeInTheDocument();
    await screen.getByRole('button', { name: 'Remove My phone' }).click();
    await expect.element(screen.getByRole('button', { name: en.passkeys.confirm_other })).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { ok } from '../../testing/fakeApi.ts';
import { moneyHandlers, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';

resetBrowserState();
guardConsole();

const requestOptions = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [{ id: 'AQID', type: 'public-key', transports: ['internal'] }], timeout: 60_000, userVerification: 'required' };
const bytes = (...b: number[]) => new Uint8Array(b).buffer;
/** What the browser's navigator.credentials.get answers once the member has touched the sensor. */
const credential = {
  id: 'AQID',
  rawId: bytes(1, 2, 3),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: { clientDataJSON: bytes(4), authenticatorData: bytes(5), signature: bytes(6), userHandle: bytes(7) },
  getClientExtensionResults: () => ({}),
};

let restore = () => undefined as unknown;
afterEach(() => restore());

describe('/withdraw with a passkey', () => {
  it('confirms without the PIN: the step-up names the amount and card, the withdrawal carries the approval and an Idempotency-Key', async () => {
    signIn();
    const get = navigator.credentials.get.bind(navigator.credentials);
    Object.defineProperty(navigator.credentials, 'get', { value: () => Promise.resolve(credential), configurable: true, writable: true });
    restore = () => Object.defineProperty(navigator.credentials, 'get', { value: get, configurable: true, writable: true });
    const { api, screen } = await renderApp('/withdraw', {
      ...moneyHandlers,
      'passkey/list': () => ok({ items: [{ id: 1, name: 'Phone', createdAt: 1, lastUsedAt: null }] }),
      'passkey/stepup_options': () => ok({ options: requestOptions }),
      'wallet/bankWithdrawal': () => ok({ id: 20, kind: 'withdrawal', method: 'bank', amount: '100.00', status: 'review', reason: null, createdAt: 1, decidedAt: null }),
    });
    const confirm = screen.getByRole('button', { name: en.passkeys.confirm_with });
    await confirm.click();
    await expect.element(screen.getByText('Please Enter The Amount')).toBeVisible();
    // The PIN is not asked for on this path.
    await expect.element(screen.getByText(en.prompt.withdrawPassword)).not.toBeInTheDocument();
    expect(api.count('passkey/stepup_options')).toBe(0);
    await screen.getByLabelText(en.withdraw.amount).fill('100');
    await confirm.click();
    await expect.element(screen.getByRole('status')).toHaveTextContent(en.msg.withdraw_submitted);
    expect(api.last('passkey/stepup_options')?.body).toEqual({ purpose: 'withdrawal', paymethod: 'bank', amount: '100' });
    const sent = api.last('wallet/bankWithdrawal');
    expect(sent?.body).toEqual({
      paymethod: 'bank',
      amount: '100',
      passkey: { id: 'AQID', rawId: 'AQID', type: 'public-key', response: { clientDataJSON: 'BA', authenticatorData: 'BQ', signature: 'Bg', userHandle: 'Bw' } },
      Authorization: '',
    });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers no passkey where the member has none', async () => {
    signIn();
    const { screen } = await renderApp('/withdraw', { ...moneyHandlers, 'passkey/list': () => ok({ items: [] }) });
    await expect.element(screen.getByLabelText(en.withdraw.amount)).toBeVisible();
    await expect.element(screen.getByRole('button', { name: en.passkeys.confirm_with })).not.toBeInTheDocument();
  });
});

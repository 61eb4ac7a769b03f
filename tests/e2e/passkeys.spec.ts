import type { APIRequestContext, Page, Request, Route } from '@playwright/test';
import { trc20AddressOf } from '../../src/shared/trc20.ts';
import { findOverflow, seriousAxeViolations } from './layout-checks.ts';
import { api, operator } from './market-support.ts';
import { expect, registerMember, signedOut as test, watchErrors, type Member } from './support.ts';

/**
 * Passkeys in Chromium with its virtual authenticator (the DevTools WebAuthn domain): a platform authenticator
 * that holds discoverable credentials and verifies its user, as a phone's does. The pages are opened on
 * localhost, not 127.0.0.1: an IP address is no valid RP ID, and passkeys belong to a domain.
 */
const PIN = '246810';
const port = process.env['E2E_PORT'] ?? '';
const site = `http://localhost:${port}`;
const toast = (page: Page) => page.locator('.toast-region');

async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

/**
 * Logs out from Mine. The login screen it lands on may sign straight back in through the passkey autofill (the
 * virtual authenticator answers at once), so what is awaited is the old token leaving storage and the server
 * refusing it, never a moment with no token at all.
 */
async function logOut(page: Page, request: APIRequestContext) {
  await page.goto(`${site}/my`);
  const old = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  expect(old).not.toBe('');
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/user/logout'));
  await page.getByRole('button', { name: 'Log out' }).click();
  expect((await loggedOut).ok()).toBe(true);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(old);
  expect((await request.post('/api/user/details', { data: {}, headers: { Authorization: old } })).status()).toBe(401);
}

/**
 * Holds the sign-in options the login screen asks for its passkey autofill, until the answer's `release()`. The
 * requests of pages left meanwhile are gone, and continuing them fails quietly.
 */
async function holdAutofillOptions(page: Page): Promise<{ release: () => Promise<void> }> {
  const path = '**/api/passkey/login_options';
  const held: Route[] = [];
  await page.route(path, (route) => void held.push(route));
  return {
    async release() {
      await page.unroute(path);
      for (const route of held) await route.continue().catch(() => undefined);
    },
  };
}

/** A member with a transaction password, a bank card, two TRC20 addresses and 500.00 from the operator. */
async function readyMember(request: APIRequestContext): Promise<Member & { addresses: { id: number; address: string }[] }> {
  const m = await registerMember(request);
  await api(request, m.token, 'user/reset_paypwd', { loginPassword: m.password, newPayPassword: PIN, confirmPayPassword: PIN });
  const card = { kind: 'bank', bankName: 'Vietcombank', cardNumber: '9704366612345678', accountName: 'E2E Member', branch: 'District 1', city: 'Ho Chi Minh City', province: 'HCMC' };
  await api(request, m.token, 'user/save_bank', card);
  for (const seed of [11, 12]) await api(request, m.token, 'user/save_bank', { kind: 'trc20', address: await trc20AddressOf(new Uint8Array(20).fill(seed)) });
  const wallets = await api<{ addresses: { id: number; address: string }[] }>(request, m.token, 'user/getUserWallets');
  expect(await operator(process.env['E2E_DATA_DIR'] ?? '', 'credit', m.username, '500')).toContain('Credited 500.00');
  return { ...m, addresses: wallets.addresses };
}

/** What the server keeps of the member's money: refused requests must leave it exactly so. */
async function moneyOf(request: APIRequestContext, token: string) {
  const b = await api<{ available: string; frozen: string; requests: unknown[] }>(request, token, 'user/balance_list');
  const flow = await api<{ total: number }>(request, token, 'user/water');
  return { available: b.available, frozen: b.frozen, requests: b.requests.length, ledger: flow.total };
}

async function post(request: APIRequestContext, token: string, path: string, body: unknown, key: string) {
  const res = await request.post(`/api/${path}`, { data: body, headers: { Authorization: token, 'Idempotency-Key': key } });
  return { status: res.status(), msg: ((await res.json()) as { msg: string }).msg };
}

/** The withdrawal body the page sends next, taken on its way and never delivered: an approval nobody spent. */
async function interceptNextWithdrawal(page: Page, path: string): Promise<() => Promise<Record<string, unknown>>> {
  let taken: (r: Request) => void = () => undefined;
  const request = new Promise<Request>((resolve) => (taken = resolve));
  await page.route(`**/api/${path}`, async (route) => {
    taken(route.request());
    await route.abort();
  }, { times: 1 });
  return async () => (await request).postDataJSON() as Record<string, unknown>;
}

test('add a passkey, sign out, sign in with it; approve a withdrawal with it; replays and other amounts or addresses are refused', { tag: '@heavy' }, async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const request = await playwright.request.newContext({ baseURL: site });
  const m = await readyMember(request);
  const authenticator = await addAuthenticator(page);

  // Signed in with the password, the member adds a passkey in Mine → Security → Passkeys.
  await page.goto(`${site}/login`);
  await page.getByLabel('Username', { exact: true }).fill(m.username);
  await page.getByLabel('Password', { exact: true }).fill(m.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(toast(page)).toHaveText('Successful Login');
  await page.goto(`${site}/my`);
  await page.getByRole('link', { name: 'Passkeys' }).click();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('E2E phone');
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(toast(page)).toHaveText('Passkey added');
  const row = page.getByRole('listitem').filter({ hasText: 'E2E phone' });
  await expect(row).toContainText('Not used yet');
  expect(await authenticator.credentials()).toHaveLength(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Signed out, then in again with the passkey alone: the browser's autofill offers it with the username field's
  // suggestions (conditional mediation), and the virtual authenticator picks it as the member would. The login
  // screen's options for that autofill are held until the signed-out screen has been looked at: the virtual
  // authenticator answers at once, and would otherwise sign straight back in.
  const tokenNow = () => page.evaluate(() => localStorage.getItem('accessToken'));
  const autofill = await holdAutofillOptions(page);
  await logOut(page, request);
  await expect.poll(tokenNow).toBeNull();
  await page.goto(`${site}/login`);
  await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('autocomplete', 'username webauthn');
  await autofill.release();
  await expect.poll(tokenNow).not.toBeNull();
  await expect(page).toHaveURL(`${site}/`);
  const viaAutofill = (await tokenNow()) ?? '';
  expect(viaAutofill).not.toBe(m.token);

  // A browser without that autofill: the button beside the password form.
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false) });
  });
  await logOut(page, request);
  await expect.poll(tokenNow).toBeNull();
  await page.goto(`${site}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(toast(page)).toHaveText('Successful Login');
  await expect.poll(tokenNow).not.toBeNull();
  const token = (await tokenNow()) ?? '';
  expect(token).not.toBe(viaAutofill);
  await page.goto(`${site}/passkeys`);
  await expect(page.getByRole('listitem').filter({ hasText: 'E2E phone' })).toContainText('Last used');

  // A withdrawal approved with the passkey instead of the PIN.
  await page.goto(`${site}/withdraw`);
  await page.getByLabel('Withdrawal amount', { exact: true }).fill('100');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/wallet/bankWithdrawal'));
  await page.getByRole('button', { name: 'Confirm with passkey' }).click();
  await expect(toast(page)).toHaveText('Successful Withdrawal: submitted, under review');
  const approved = (await sent).postDataJSON() as Record<string, unknown>;
  expect(approved['payPassword']).toBeUndefined();
  expect(approved['passkey']).toBeTruthy();
  const after = await moneyOf(request, token);
  expect([after.available, after.frozen]).toEqual(['400.00', '100.00']);

  // The same approval sent again: used once, refused, nothing changes.
  expect(await post(request, token, 'wallet/bankWithdrawal', approved, 'e2e-replay-0001')).toEqual({ status: 400, msg: 'error.passkey_expired' });

  // An approval for 50.00 to the card, never delivered, is no approval of 60.00, nor of 50.00 to an address.
  await page.goto(`${site}/withdraw`);
  const forFifty = await interceptNextWithdrawal(page, 'wallet/bankWithdrawal');
  await page.getByLabel('Withdrawal amount', { exact: true }).fill('50');
  await page.getByRole('button', { name: 'Confirm with passkey' }).click();
  const fifty = await forFifty();
  expect(await post(request, token, 'wallet/bankWithdrawal', { ...fifty, amount: '60' }, 'e2e-other-0001')).toEqual({ status: 400, msg: 'error.passkey_refused' });
  const [first, second] = m.addresses;
  expect(await post(request, token, 'wallet/trcWithdrawal', { ...fifty, paymethod: 'trc20', addressId: first?.id }, 'e2e-other-0002')).toEqual({ status: 400, msg: 'error.passkey_refused' });

  // And one for 20.00 to the first address approves no withdrawal to the second.
  await page.goto(`${site}/withdraw`);
  await page.getByRole('radio', { name: 'TRC20 address' }).check();
  await page.getByLabel('Withdrawal address', { exact: true }).selectOption(String(first?.id));
  const forTwenty = await interceptNextWithdrawal(page, 'wallet/trcWithdrawal');
  await page.getByLabel('Withdrawal amount', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Confirm with passkey' }).click();
  const twenty = await forTwenty();
  expect(twenty['addressId']).toBe(first?.id);
  expect(await post(request, token, 'wallet/trcWithdrawal', { ...twenty, addressId: second?.id }, 'e2e-other-0003')).toEqual({ status: 400, msg: 'error.passkey_refused' });
  expect(await moneyOf(request, token)).toEqual(after);

  await request.dispose();
  expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
});

test.describe(() => {
  // axe-core is injected as a script, which the app's CSP refuses, as it should.
  test.use({ bypassCSP: true });

  test('the passkey screens read well at 360 px, light and dark: no serious axe violation, nothing past the edge', { tag: '@heavy' }, async ({ page, playwright }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const request = await playwright.request.newContext({ baseURL: site });
    const m = await readyMember(request);
    await addAuthenticator(page);
    await page.addInitScript((t) => {
      if (sessionStorage.getItem('signed-in') === null) localStorage.setItem('accessToken', t);
      sessionStorage.setItem('signed-in', '1');
    }, m.token);
    await page.goto(`${site}/passkeys`);
    await page.getByLabel('Name', { exact: true }).fill('A rather long passkey name, 40 chars max');
    await page.getByRole('button', { name: 'Add passkey' }).click();
    await expect(toast(page)).toHaveText('Passkey added');
    const found: string[] = [];
    const look = async (what: string) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        for (const v of await seriousAxeViolations(page)) found.push(`${what}, ${colorScheme}: ${v}`);
        for (const p of await findOverflow(page)) found.push(`${what}, ${colorScheme}: ${p}`);
      }
    };
    await look('/passkeys with one listed');
    await page.getByRole('button', { name: 'Remove A rather long passkey name, 40 chars max' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look('its removal sheet');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.goto(`${site}/withdraw`);
    await expect(page.getByRole('button', { name: 'Confirm with passkey' })).toBeVisible();
    await look('/withdraw with Confirm with passkey');
    expect(found).toEqual([]);
    await request.dispose();
    expect(errors).toEqual([]);
  });
});

import { randomInt } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/** playwright.config.ts starts the server with this WEB_NAME, so a matching title proves it comes from config. */
export const WEB_NAME = 'Candlewick E2E';
/** Seeded on first start (server/seed.ts). */
export const INVITE_CODE = 'WELCOME1';
export const PASSWORD = 'secret123';

export interface Member {
  readonly username: string;
  readonly phone: string;
  readonly password: string;
  readonly token: string;
}

let serial = 0;
/** A unique username (letters and digits, at most 18) and 11-digit phone for this run. */
export function newIdentity(): { username: string; phone: string } {
  serial += 1;
  const stamp = (Date.now() % 1e8).toString(36);
  return { username: `e2e${stamp}${serial}${randomInt(100, 999)}`.slice(0, 18), phone: `139${String(randomInt(0, 1e8)).padStart(8, '0')}` };
}

/** Registers a member through the real API, as the app would. */
export async function registerMember(request: APIRequestContext): Promise<Member> {
  const id = newIdentity();
  const res = await request.post('/api/user/register', {
    data: { ...id, password: PASSWORD, confirmPassword: PASSWORD, inviteCode: INVITE_CODE },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { data: { accessToken: string } };
  return { ...id, password: PASSWORD, token: body.data.accessToken };
}

/** Console errors and uncaught page errors; a test asserts the list is empty at its end. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page): Set<unknown> {
  let open = inFlight.get(page);
  if (!open) {
    const set = new Set<unknown>();
    page.on('request', (r) => set.add(r));
    page.on('requestfinished', (r) => set.delete(r));
    page.on('requestfailed', (r) => set.delete(r));
    inFlight.set(page, set);
    open = set;
  }
  return open;
}

/**
 * Waits until the page has had no request in flight for 300 ms (at most `max` ms), so the calls a screen makes
 * on arrival have answered and any failure has reached the console. Polling screens may never be quiet, hence
 * the cap. `load` states do not help: an in-app navigation loads no document.
 */
export async function settle(page: Page, max = 3000): Promise<void> {
  const open = trackRequests(page);
  const end = Date.now() + max;
  let quietSince = Date.now();
  while (Date.now() < end) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) return;
    await page.waitForTimeout(50);
  }
}

/** Starts counting requests now; call before the first navigation so settle() sees every request. */
export function watchRequests(page: Page): void {
  trackRequests(page);
}

/** Each test gets a freshly registered member, and its page starts signed in as that member (localStorage). */
export const test = base.extend<{ member: Member }>({
  // Its own request context: the built-in `request` fixture reads storageState, which needs this member.
  member: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    const member = await registerMember(request);
    await request.dispose();
    await use(member);
  },
  storageState: async ({ member, baseURL }, use) => {
    await use({
      cookies: [],
      origins: [{ origin: baseURL ?? '', localStorage: [{ name: 'accessToken', value: member.token }] }],
    });
  },
});

/** Signed-out tests use Playwright's own test, with an empty storage. */
export { base as signedOut, expect };

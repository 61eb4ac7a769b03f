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

interface Tracked {
  readonly open: Set<unknown>;
  /** Resolved (and replaced) each time the last request in flight ends. */
  quiet: { promise: Promise<void>; resolve: () => void };
}
const tracked = new WeakMap<Page, Tracked>();
function nextQuiet(): Tracked['quiet'] {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
function trackRequests(page: Page): Tracked {
  const known = tracked.get(page);
  if (known) return known;
  const t: Tracked = { open: new Set<unknown>(), quiet: nextQuiet() };
  const done = (r: unknown) => {
    if (!t.open.delete(r) || t.open.size > 0) return;
    const q = t.quiet;
    t.quiet = nextQuiet();
    q.resolve();
  };
  // The requests a document still had in flight when the page navigated to a new one.
  let leaving = new Set<unknown>();
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) leaving = new Set(t.open);
    t.open.add(r);
  });
  // Answered when its response arrives: a body nobody reads (the boot script's early answer that the screen
  // did not take) may never finish loading.
  page.on('response', (r) => done(r.request()));
  page.on('requestfailed', done);
  // Once the next document is in, the last one's requests are gone with it, and the browser does not always report
  // each one's end (a poll cut off by the navigation): they no longer count as in flight.
  page.on('domcontentloaded', () => {
    for (const r of leaving) done(r);
    leaving = new Set();
  });
  tracked.set(page, t);
  return t;
}

/**
 * Waits until the calls a screen makes on arrival have answered (and any failure has reached the console): the
 * page has run its pending work (an idle callback after a frame) and then every request of the page and its
 * workers has its answer (or failed). Each time requests are in flight it waits for the last of them to end, then looks again. Polling
 * screens are quiet between their polls, so this ends at the first such moment. `load` states do not help: an
 * in-app navigation loads no document.
 */
export async function settle(page: Page): Promise<void> {
  const t = trackRequests(page);
  for (;;) {
    const quiet = t.quiet.promise;
    // An idle callback comes after the frame and the tasks queued before it (effects, their fetches); the
    // round trip also delivers the console messages the page logged before it.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve()))));
    if (t.open.size === 0) return;
    await quiet;
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

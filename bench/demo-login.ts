// The demo member's access token on a server running in demo mode (the benchmarks' and tools' logged-in loads).
import { chromium, request, type Browser, type BrowserContext, type Page } from 'playwright';
import { DEMO } from '../server/seed.ts';

export async function demoToken(base: string): Promise<string> {
  const api = await request.newContext({ ignoreHTTPSErrors: true });
  const res = await api.post(new URL('api/user/login', base).toString(), { data: { username: DEMO.username, password: DEMO.password } });
  const json = (await res.json()) as { code: number; msg: string; data?: { accessToken?: string } };
  await api.dispose();
  if (json.code !== 0 || !json.data?.accessToken) throw new Error(`demo login failed: ${json.msg}`);
  return json.data.accessToken;
}

/**
 * A fresh Chromium as a phone (360x640, 2x pixels, touch, no service worker) signed in as the demo member: its token
 * goes in through a page that is not the app, so no app code runs before the load measured. Close `browser` after.
 */
export async function coldMemberPage(base: string): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const token = await demoToken(base);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu', '--ignore-certificate-errors'] });
  const context = await browser.newContext({ ignoreHTTPSErrors: true, serviceWorkers: 'block', viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const first = await context.newPage();
  await first.goto(new URL('favicon.ico', base).toString());
  await first.evaluate(`localStorage.setItem('accessToken', ${JSON.stringify(token)})`);
  await first.close();
  return { browser, context, page: await context.newPage() };
}

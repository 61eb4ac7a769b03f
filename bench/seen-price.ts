// What I see is what I trade: how often an order's open price (the last tick at the server's receipt, which decides)
// equals the price the member's screen showed when they tapped Confirm (the order keeps it as seenPrice). The demo
// member places SEEN_ORDERS (20) orders on /xq (BTCUSDT) through the order sheet in Chromium at 360×640 and 4× CPU,
// each Confirm at a random moment of the second; then the orders are read back.
// Ours: prices from the live stream. Baseline, in the same run on the same server: the 2 s poll (the browser
// refuses product/live, so the app polls as before the stream).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright';
import en from '../locales/en.json' with { type: 'json' };
import { buildSite } from './main-thread/build.ts';
import { startBenchServer, type BenchServer } from './main-thread/fixture.ts';
import { benchLine } from './stats.ts';

const ORDERS = Number(process.env['SEEN_ORDERS'] ?? 20);
const CPU = 4;

interface Placed {
  readonly id: number;
  readonly openPrice: string;
  readonly seenPrice?: string;
}

async function placeOrders(browser: Browser, server: BenchServer, streaming: boolean): Promise<Placed[]> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(new URL('/favicon.ico', server.url).toString());
    await page.evaluate(`localStorage.setItem('accessToken', ${JSON.stringify(server.tokens.demo)})`);
    if (!streaming) await context.route('**/api/product/live*', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":404,"msg":"error.not_found"}' }));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await page.goto(new URL(`/xq?id=${server.ordersProductId}`, server.url).toString());
    await page.locator('.trade-bar__price').filter({ hasText: /\d/ }).waitFor();
    const placed: Placed[] = [];
    const confirm = page.getByRole('button', { name: en.market.confirm });
    for (let i = 0; i < ORDERS; i += 1) {
      if (!(await confirm.isVisible())) {
        const another = page.getByRole('button', { name: en.market.new_order });
        if (await another.isVisible()) await another.click();
        else await page.locator('.trade-bar').getByRole('button', { name: en.market.rise, exact: true }).click();
      }
      await confirm.waitFor({ timeout: 15_000 }).catch(async (e: unknown) => {
        await page.screenshot({ path: join(tmpdir(), 'seen-price-failed.png') });
        throw new Error(`order ${i + 1}: no Confirm button (screenshot in ${tmpdir()}/seen-price-failed.png)`, { cause: e });
      });
      await page.locator('.trade-ticket .chips button').first().click();
      // A random moment of the second, as a member taps.
      await page.waitForTimeout(Math.floor(Math.random() * 1000));
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/order/create'));
      await confirm.click();
      const body = (await (await answered).json()) as { code: number; data?: Placed };
      if (body.code === 0 && body.data) placed.push(body.data);
      // The sheet closes on a placed order (or shows it): wait for that before the next one.
      await Promise.race([confirm.waitFor({ state: 'hidden' }), page.getByRole('button', { name: en.market.new_order }).waitFor()]);
    }
    return placed;
  } finally {
    await context.close();
  }
}

const sameShare = (orders: readonly Placed[]): number => orders.filter((o) => o.seenPrice === o.openPrice).length / Math.max(1, orders.length);

const workDir = mkdtempSync(join(tmpdir(), 'candlewick-seen-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));
const siteDir = process.env['MAIN_THREAD_SITE'] ?? join(workDir, 'site');
if (!process.env['MAIN_THREAD_SITE']) buildSite(siteDir);
const server = await startBenchServer(workDir, siteDir);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
try {
  console.log(`seen-price: ${ORDERS} orders per mode on /xq?id=${server.ordersProductId} at ${CPU}x CPU, load ${loadavg()[0]?.toFixed(2)}`);
  const ours = await placeOrders(browser, server, true);
  const base = await placeOrders(browser, server, false);
  for (const [name, orders] of [['stream', ours], ['poll', base]] as const) {
    const differ = orders.filter((o) => o.seenPrice !== o.openPrice).map((o) => `${o.seenPrice ?? '-'} -> ${o.openPrice}`);
    console.log(`  ${name}: ${orders.length} placed, open price = price on screen for ${(100 * sameShare(orders)).toFixed(0)} %${differ.length ? `; differed: ${differ.join(', ')}` : ''}`);
  }
  // A share of 0 would divide by zero: the line reports the share that differed, lower is better.
  console.log(benchLine('seen-price-differs', 100 * (1 - sameShare(ours)), 100 * (1 - sameShare(base)), '%'));
} finally {
  await browser.close();
  await server.stop();
}

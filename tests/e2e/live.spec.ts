import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';
import { OwnServer } from './own-server.ts';

/**
 * Live to the tick, from outside: /xq's tape in Chromium with the real worker and server gets every trade the
 * server records, in order, none missing and none twice, also when the server restarts in the middle (the worker
 * resumes its stream from its cursor). The server is this test's own, so the restart touches no other spec.
 * It waits on the tape's rows and the server's start, never on a time.
 */

/**
 * Every tape row's trade time, in the order the rows first appeared (the rows of one batch, which appear together
 * newest on top, by their time), and whether the tape's rows were ever out of order (newest first) on screen.
 */
const RECORD_TAPE = `
window.__tape = [];
window.__tapeDisorder = 0;
const seen = new Set();
new MutationObserver(() => {
  const rows = [...document.querySelectorAll('tr[data-time]')].map((row) => Number(row.getAttribute('data-time')));
  if (rows.some((t, i) => i > 0 && t >= rows[i - 1])) window.__tapeDisorder += 1;
  const fresh = rows.filter((t) => !seen.has(t)).sort((a, b) => a - b);
  for (const t of fresh) { seen.add(t); window.__tape.push(t); }
}).observe(document, { childList: true, subtree: true });`;

const tape = (page: Page): Promise<number[]> => page.evaluate('window.__tape') as Promise<number[]>;
/** Resolves once the tape has a trade stamped after `t`; answers the newest. */
const tradeAfter = async (page: Page, t: number): Promise<number> => {
  // A function, not a string: the page's CSP allows no eval.
  await page.waitForFunction((after) => (window as unknown as { __tape: number[] }).__tape.some((x) => x > after), t, { timeout: 30_000 });
  return Math.max(...(await tape(page)));
};

/** Every trade of `id` the server recorded after `since`, oldest first (the public read with its cursor). */
async function recorded(base: string, id: number, since: number): Promise<number[]> {
  const out: number[] = [];
  let cursor = since;
  for (;;) {
    const res = await fetch(`${base}/api/product/trunover?id=${id}&since=${cursor}`);
    const { data } = (await res.json()) as { data: { trades: [number][] } };
    out.push(...data.trades.map((t) => t[0]));
    const last = data.trades.at(-1);
    if (!last || data.trades.length < 50) return out;
    cursor = last[0];
  }
}

test('every trade reaches the tape in order, none missing or twice, across a server restart @timing', async ({ browser }) => {
  test.setTimeout(120_000);
  const server = new OwnServer();
  try {
    await server.start();
    const list = (await (await fetch(`${server.url}/api/product/list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as {
      data: { items: { id: number; symbol: string }[] };
    };
    const btc = list.data.items.find((p) => p.symbol === 'BTCUSDT');
    if (!btc) throw new Error('no BTCUSDT');
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 640 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(RECORD_TAPE);
    const streams: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/product/live')) streams.push(new URL(r.url()).search);
    });
    await page.goto(`/xq?id=${btc.id}`);
    // The window starts after the first trades the tape showed (its history), at the newest of them.
    const from = await tradeAfter(page, 0);
    const beforeStop = await tradeAfter(page, from + 2_000);
    await server.stop();
    await server.start();
    const back = Date.now();
    const to = await tradeAfter(page, Math.max(beforeStop, back) + 2_000);

    const shown = (await tape(page)).filter((t) => t > from && t <= to);
    const truth = (await recorded(server.url, btc.id, from)).filter((t) => t <= to);
    expect(truth.length).toBeGreaterThan(4);
    expect(shown).toEqual(truth);
    expect(await page.evaluate('window.__tapeDisorder'), 'the tape showed its rows out of order').toBe(0);
    // It streamed, and came back with its cursor rather than starting afresh.
    expect(streams.length).toBeGreaterThanOrEqual(2);
    expect(streams.at(-1)).toMatch(new RegExp(`watch=${btc.id}(%3A|:)\\d+`));
    await context.close();
  } finally {
    await server.dispose();
  }
});

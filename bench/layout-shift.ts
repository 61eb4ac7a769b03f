// A tool to find what moves while a screen loads, not a benchmark (it prints no BENCH line): each path's cold load,
// logged in as the demo member, at 360x640 in Chromium, served by the real server. It prints every layout shift the
// browser reported in the first seconds (WAIT=<ms>, default 4000: a lens waits on time, a test never does), its
// score and the elements it moved, with their tops before and after (0 after: moved out of the viewport, whose part
// of an element is all the browser reports). A shift above a control moves the control
// under the member's thumb: screens show their loading states in the places of what they load instead.
// SITE=<built folder> (default dist: build it first), PATHS=/wallet,/lc (default every screen of the app's route table).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coldMemberPage } from './demo-login.ts';
import { serveBuild } from './serve-build.ts';

// The app's route table, plain data, though in the app's own tsconfig (DOM types): read by path at run time.
const ROUTE_TABLE = '../src/app/router/screens.ts';
const { screenPaths } = (await import(ROUTE_TABLE)) as { screenPaths: Readonly<Record<string, string>> };
// The chart screen shows a product: the one the benches open.
const PATHS = process.env['PATHS']?.split(',') ?? Object.values(screenPaths).map((path) => (path === screenPaths['xq'] ? `${path}?id=12` : path));
const WAIT = Number(process.env['WAIT'] ?? 4000);

interface Shift {
  readonly value: number;
  readonly at: number;
  readonly moved: readonly string[];
}

/** Runs in the page before its own code (as text: the bench's tsconfig has no DOM): collects the browser's shifts. */
const WATCH_SHIFTS = `
  window.shifts = [];
  const describe = (node, from, to) => {
    const el = node instanceof Element ? node : node?.parentElement;
    const what = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') : '?';
    return what + ' "' + (node?.textContent ?? '').trim().slice(0, 28) + '" ' + Math.round(from.y) + '->' + Math.round(to.y);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.shifts.push({ value: e.value, at: Math.round(e.startTime), moved: e.sources.map((s) => describe(s.node, s.previousRect, s.currentRect)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

const dataDir = mkdtempSync(join(tmpdir(), 'candlewick-layout-shift-'));
const site = await serveBuild(process.env['SITE'] ?? 'dist', dataDir);
try {
  for (const path of PATHS) {
    const { browser, page } = await coldMemberPage(site.base);
    try {
      await page.addInitScript({ content: WATCH_SHIFTS });
      await page.goto(new URL(path, site.base).toString(), { waitUntil: 'load' });
      await page.waitForTimeout(WAIT);
      const shifts = (await page.evaluate('window.shifts')) as Shift[];
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      console.log(`${path}: ${shifts.length} shift(s), ${total.toFixed(3)} in all`);
      for (const s of shifts) console.log(`   at ${s.at} ms, ${s.value.toFixed(3)}: ${s.moved.join(' | ')}`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

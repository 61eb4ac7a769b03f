// One variant's pass over the phases: a fresh browser context (a phone: 390×844, touch, Lighthouse's DPR
// 1.75), CPU slowed 4× over CDP, each screen loaded, left to settle, then measured.
import type { Browser } from 'playwright';
import type { BenchServer } from './fixture.ts';
import { CPU_SLOWDOWN, measureWindow, type PhaseResult } from './measure.ts';
import { PHASES, type Phase, type PhaseName, type Variant } from './phases.ts';
import { PAGE_PROBE } from './probe.ts';

/** After the screen is ready: startup work (first renders, history setData, GC) is not what we measure. */
const SETTLE_MS = 5_000;

export async function runVariant(
  browser: Browser,
  server: BenchServer,
  variant: Variant,
  seconds: number,
  phases: readonly Phase[] = PHASES,
): Promise<Map<PhaseName, PhaseResult>> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, bypassCSP: true });
  const results = new Map<PhaseName, PhaseResult>();
  try {
    await context.addInitScript({ content: PAGE_PROBE });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    for (const phase of phases) {
      // The phase's member is signed in from a page of the same origin that is not the app.
      await page.goto(new URL('/favicon.ico', server.url).toString());
      await page.evaluate(`localStorage.setItem('accessToken', ${JSON.stringify(server.tokens[phase.member])})`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(new URL(phase.path(variant, server), server.url).toString());
      await page.waitForFunction(phase.ready, undefined, { polling: 500, timeout: 180_000 });
      await page.waitForTimeout(SETTLE_MS);
      const box = await page.locator(phase.tapTarget).first().boundingBox();
      if (!box) throw new Error(`${variant} ${phase.name}: nothing to tap at ${phase.tapTarget}`);
      results.set(phase.name, await measureWindow(page, cdp, seconds, { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 20) }));
    }
  } finally {
    await context.close();
  }
  return results;
}

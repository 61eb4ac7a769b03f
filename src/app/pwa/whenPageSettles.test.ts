import { describe, expect, it } from 'vitest';
import { whenPageRests, whenPageSettles } from './whenPageSettles.ts';

/** A loading window whose load, idle callbacks and timers the test fires itself. */
function fakeWindow() {
  const idle: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const onLoad: (() => void)[] = [];
  let now = 0;
  const win = {
    document: { readyState: 'loading' as DocumentReadyState },
    addEventListener: (type: string, listener: () => void) => void (type === 'load' && onLoad.push(listener)),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
  };
  const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return {
    win: win as unknown as Window,
    load: async () => {
      win.document.readyState = 'complete';
      for (const listener of onLoad.splice(0)) listener();
      await flush();
    },
    idle: async () => {
      for (const callback of idle.splice(0)) callback();
      await flush();
    },
    advance: async (ms: number) => {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
      await flush();
    },
  };
}

/** Whether `promise` has resolved by now. */
function tracked(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
}

describe('whenPageSettles', () => {
  it('waits for the load, then for a quiet moment', async () => {
    const page = fakeWindow();
    const settled = tracked(whenPageSettles(page.win));
    await page.idle();
    expect(settled()).toBe(false);
    await page.load();
    expect(settled()).toBe(false);
    await page.idle();
    expect(settled()).toBe(true);
  });
});

describe('whenPageRests', () => {
  it('counts the pause from the settled page, then waits for another quiet moment', async () => {
    const page = fakeWindow();
    const rested = tracked(whenPageRests(5000, page.win));
    await page.advance(6000);
    await page.load();
    await page.idle();
    expect(rested()).toBe(false);
    await page.advance(4999);
    await page.idle();
    expect(rested()).toBe(false);
    await page.advance(1);
    expect(rested()).toBe(false);
    await page.idle();
    expect(rested()).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { usePoll } from './usePoll.ts';

/** Headless Chromium is always "visible"; the test flips document.hidden the way a backgrounded tab would. */
function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'hidden');
});

describe('usePoll', () => {
  it('runs at once, then every interval after the last run, pauses while hidden and runs again on return', async () => {
    vi.useFakeTimers();
    const run = vi.fn(() => Promise.resolve());
    const { unmount } = await renderHook(() => usePoll(run, { intervalMs: 15_000, enabled: true, key: 'a' }));
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    setHidden(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(3);
    await unmount();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('never overlaps a slow run, keeps going after a failure, and does nothing when disabled', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const run = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
      await new Promise((r) => setTimeout(r, 40_000));
    });
    await renderHook(() => usePoll(run, { intervalMs: 10_000, enabled: true, key: 'a' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(2);
    // The second run takes 40 s: no third call until it has finished and 10 s more have passed.
    await vi.advanceTimersByTimeAsync(49_999);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(3);

    const idle = vi.fn(() => Promise.resolve());
    await renderHook(() => usePoll(idle, { intervalMs: 10_000, enabled: false, key: 'a' }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(idle).not.toHaveBeenCalled();
  });
});

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
  vi.restoreAllMocks();
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
    // No jitter: the first retry comes one whole interval after the failure.
    vi.spyOn(Math, 'random').mockReturnValue(0);
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

  it('backs off while runs keep failing (one, two, four intervals), and keeps the interval again after a success', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let failing = true;
    const run = vi.fn(() => (failing ? Promise.reject(new Error('offline')) : Promise.resolve()));
    await renderHook(() => usePoll(run, { intervalMs: 1_000, enabled: true, key: 'a' }));
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(3);
    failing = false;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(run).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(5);
  });
});

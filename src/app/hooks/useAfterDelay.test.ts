import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { useAfterDelay } from './useAfterDelay.ts';

/** Fake time passes and React renders what it set off, before the test reads the result. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('useAfterDelay', () => {
  it('stays false while not ready, turns true the delay after ready, and stays true', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result, rerender } = await renderHook((props?: { ready: boolean }) => useAfterDelay(props?.ready ?? false, 2000), { initialProps: { ready: false } });
    await advance(10_000);
    expect(result.current).toBe(false);
    await rerender({ ready: true });
    await advance(1999);
    expect(result.current).toBe(false);
    await advance(1);
    expect(result.current).toBe(true);
    await rerender({ ready: false });
    expect(result.current).toBe(true);
  });

  it('starts the delay again when ready drops before it has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result, rerender } = await renderHook((props?: { ready: boolean }) => useAfterDelay(props?.ready ?? false, 2000), { initialProps: { ready: true } });
    await advance(1500);
    await rerender({ ready: false });
    await rerender({ ready: true });
    await advance(1999);
    expect(result.current).toBe(false);
    await advance(1);
    expect(result.current).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { usePageSettled } from './usePageSettled.ts';

describe('usePageSettled', () => {
  it('is false at first, true once the page has settled, and true from the first render of a later screen', async () => {
    const first: boolean[] = [];
    const early = await renderHook(() => {
      const settled = usePageSettled();
      first.push(settled);
      return settled;
    });
    expect(first[0]).toBe(false);
    await expect.poll(() => early.result.current).toBe(true);

    const seen: boolean[] = [];
    await renderHook(() => {
      const settled = usePageSettled();
      seen.push(settled);
      return settled;
    });
    expect(seen).toEqual([true]);
  });
});

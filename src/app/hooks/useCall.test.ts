import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { whenReactIsIdle } from '../testing/reactIdle.ts';
import { useCall, type CallState } from './useCall.ts';

/** A call the test answers itself, so each state is seen before the next. */
function heldCall<T>() {
  let settle: { resolve: (value: T) => void; reject: (error: unknown) => void } | null = null;
  const started: number[] = [];
  const run = () => {
    started.push(started.length + 1);
    return new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  const answer = (value: T) => settle?.resolve(value);
  const fail = (error: unknown) => settle?.reject(error);
  return { run, answer, fail, started };
}

const statusOf = (state: CallState<unknown> | null) => state?.status ?? 'none';

describe('useCall', () => {
  it('mounts loading and renders once more, only for the answer', async () => {
    const call = heldCall<string>();
    const seen: string[] = [];
    const rendered: string[] = [];
    const { result } = await renderHook(() => {
      const { state } = useCall('k', call.run);
      const shown = state?.status === 'ok' ? `ok:${state.data}` : statusOf(state);
      rendered.push(shown);
      useEffect(() => {
        seen.push(shown);
      });
      return state;
    });
    await expect.poll(() => call.started.length).toBe(1);
    call.answer('hello');
    await expect.poll(() => result.current?.status).toBe('ok');
    // Two commits, and no render besides them: a write of the state the hook already held would have cost a
    // commit of its own, or (left queued by React) one more render after the answer's.
    expect(seen).toEqual(['loading', 'ok:hello']);
    await whenReactIsIdle();
    expect(rendered).toEqual(['loading', 'ok:hello']);
  });

  it('mounts with an answer already here, still calls, and renders nothing more when the call brings that same answer', async () => {
    const call = heldCall<{ n: number }>();
    const here = { n: 1 };
    const rendered: string[] = [];
    const { result } = await renderHook(() => {
      const { state, reload } = useCall('k', call.run, () => here);
      rendered.push(state?.status === 'ok' ? `ok:${state.data.n}` : statusOf(state));
      return { state, reload };
    });
    expect(rendered).toEqual(['ok:1']);
    await expect.poll(() => call.started.length).toBe(1);
    call.answer(here);
    await whenReactIsIdle();
    expect(rendered).toEqual(['ok:1']);

    // A later run that brings new data is shown, after loading, as any call's.
    result.current.reload();
    await expect.poll(() => call.started.length).toBe(2);
    call.answer({ n: 2 });
    await expect.poll(() => rendered.at(-1)).toBe('ok:2');
    expect(rendered.slice(-2)).toEqual(['loading', 'ok:2']);
  });

  it('shows nothing and calls nothing without a key', async () => {
    const call = heldCall<string>();
    const seen: string[] = [];
    await renderHook(() => {
      const { state } = useCall(null, call.run);
      useEffect(() => {
        seen.push(statusOf(state));
      });
      return state;
    });
    expect(seen).toEqual(['none']);
    expect(call.started).toEqual([]);
  });

  it('goes back to loading for a new key and on reload, and keeps a failure', async () => {
    const call = heldCall<string>();
    const { result, rerender } = await renderHook((key?: string) => useCall(key ?? 'a', call.run), { initialProps: 'a' });
    call.answer('first');
    await expect.poll(() => result.current.state?.status).toBe('ok');

    await rerender('b');
    await expect.poll(() => call.started.length).toBe(2);
    expect(result.current.state?.status).toBe('loading');
    call.fail(new TypeError('Failed to fetch'));
    await expect.poll(() => result.current.state?.status).toBe('error');

    result.current.reload();
    await expect.poll(() => call.started.length).toBe(3);
    expect(result.current.state?.status).toBe('loading');
    call.answer('again');
    await expect.poll(() => result.current.state).toEqual({ status: 'ok', data: 'again' });
  });
});

import { startTransition } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { whenReactIsIdle } from '../testing/reactIdle.ts';
import { useChangedState } from './useChangedState.ts';

const sameLength = (a: string, b: string) => a.length === b.length;

describe('useChangedState', () => {
  it('renders for a change only, even when a write of the same value comes before a transition', async () => {
    const rendered: string[] = [];
    const { result } = await renderHook(() => {
      const hook = useChangedState<string>('idle');
      rendered.push(hook[0]);
      return hook;
    });
    const [, write, latest] = result.current;
    // As a screen's effect or a worker's status does: the value it already holds, then an answer in a transition.
    write('idle');
    startTransition(() => write('ready'));
    expect(latest()).toBe('ready');
    await expect.poll(() => result.current[0]).toBe('ready');
    // A plain useState renders 'ready' twice here: the first write stays queued and costs a render of its own
    // after the transition's.
    await whenReactIsIdle();
    expect(rendered).toEqual(['idle', 'ready']);
  });

  it('compares with the function it is given', async () => {
    const rendered: string[] = [];
    const { result } = await renderHook(() => {
      const hook = useChangedState<string>('abc', sameLength);
      rendered.push(hook[0]);
      return hook;
    });
    result.current[1]('xyz');
    await whenReactIsIdle();
    expect(rendered).toEqual(['abc']);
    result.current[1]('longer');
    await expect.poll(() => result.current[0]).toBe('longer');
    expect(rendered).toEqual(['abc', 'longer']);
  });
});

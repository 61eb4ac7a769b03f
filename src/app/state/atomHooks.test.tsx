import { atom, createStore, Provider, useAtomValue as useJotaiAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { useAtom, useAtomValue } from './atomHooks.ts';

const countAtom = atom(1);

describe('atomHooks', () => {
  it("renders a reader once as it mounts, where jotai's own hook renders it twice", async () => {
    const renders = { ours: 0, jotai: 0 };
    function Ours() {
      renders.ours += 1;
      return <p>ours {useAtomValue(countAtom)}</p>;
    }
    function Jotai() {
      renders.jotai += 1;
      return <p>jotai {useJotaiAtomValue(countAtom)}</p>;
    }
    await render(
      <Provider store={createStore()}>
        <Ours />
        <Jotai />
      </Provider>,
    );
    // Both mount effects ran in the same flush; jotai's second render is the sign that they have.
    await expect.poll(() => renders.jotai).toBe(2);
    expect(renders.ours).toBe(1);
  });

  it('follows the atom after mounting, also a change made before it subscribed, and writes through useAtom', async () => {
    const store = createStore();
    function Reader() {
      return <p>value {useAtomValue(countAtom)}</p>;
    }
    function ChangesBeforeReaderSubscribes() {
      // A sibling's layout effect runs before the reader's subscription (a passive effect).
      useEffectBeforeSubscription(() => store.set(countAtom, 2));
      return null;
    }
    function Increment() {
      const [value, setValue] = useAtom(countAtom);
      return (
        <button type="button" onClick={() => setValue(value + 1)}>
          add
        </button>
      );
    }
    const screen = await render(
      <Provider store={store}>
        <Reader />
        <ChangesBeforeReaderSubscribes />
        <Increment />
      </Provider>,
    );
    await expect.element(screen.getByText('value 2')).toBeVisible();
    await screen.getByRole('button', { name: 'add' }).click();
    await expect.element(screen.getByText('value 3')).toBeVisible();
    expect(store.get(countAtom)).toBe(3);
  });
});

/** Runs `effect` once, in the layout phase: after the render, before any passive effect subscribes. */
function useEffectBeforeSubscription(effect: () => void): void {
  useLayoutEffect(effect, []);
}

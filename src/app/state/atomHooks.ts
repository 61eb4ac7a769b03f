import { useSetAtom, useStore, type Atom, type WritableAtom } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * An atom's value, read through useSyncExternalStore. jotai's own useAtomValue re-reads the atom in its mount effect
 * through a reducer, and React 19 renders a component again for every reducer dispatch: on a cold first screen that
 * was a second render of every component that reads an atom, a few milliseconds after the first. React re-reads a
 * store after subscribing as well, but renders again only if the value changed. Our atoms hold plain values, never
 * promises, which this relies on.
 */
export function useAtomValue<Value>(atom: Atom<Value>): Value {
  const store = useStore();
  const subscribe = useCallback((changed: () => void) => store.sub(atom, changed), [store, atom]);
  const read = useCallback(() => store.get(atom), [store, atom]);
  return useSyncExternalStore(subscribe, read, read);
}

/** The value (as useAtomValue) and its setter. */
export function useAtom<Value, Args extends unknown[], Result>(atom: WritableAtom<Value, Args, Result>): [Value, (...args: Args) => Result] {
  return [useAtomValue(atom), useSetAtom(atom)];
}

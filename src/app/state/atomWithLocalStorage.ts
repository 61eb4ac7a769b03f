import { atom, type WritableAtom } from 'jotai';
import { readItem, writeItem } from '../storage/local.ts';

const UNSET = Symbol('unset');

/**
 * An atom mirrored to one localStorage key. Unlike jotai's atomWithStorage (which reads storage once, when
 * the module loads), each store reads the key when it first needs the value, so a fresh app sees what is stored now.
 */
export function atomWithLocalStorage<T>(key: string, parse: (raw: string | null) => T, serialise: (value: T) => string | null): WritableAtom<T, [T], void> {
  const written = atom<T | typeof UNSET>(UNSET);
  return atom(
    (get) => {
      const value = get(written);
      return value === UNSET ? parse(readItem(key)) : value;
    },
    (_get, set, value: T) => {
      set(written, value);
      writeItem(key, serialise(value));
    },
  );
}

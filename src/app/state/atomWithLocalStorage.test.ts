import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { langAtom } from './language.ts';
import { tokenAtom } from './session.ts';

beforeEach(() => localStorage.clear());

describe('persisted atoms', () => {
  it('each new store reads what is stored now', () => {
    expect(createStore().get(tokenAtom)).toBeNull();
    localStorage.setItem('accessToken', 'abc');
    localStorage.setItem('lang', 'zn');
    const store = createStore();
    expect(store.get(tokenAtom)).toBe('abc');
    expect(store.get(langAtom)).toBe('zn');
  });

  it('writes through to localStorage and removes the token on sign-out', () => {
    const store = createStore();
    store.set(tokenAtom, 'tok');
    expect(localStorage.getItem('accessToken')).toBe('tok');
    store.set(tokenAtom, null);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(store.get(tokenAtom)).toBeNull();
    store.set(langAtom, 'vn');
    expect(localStorage.getItem('lang')).toBe('vn');
  });

  it('ignores an unknown stored language', () => {
    localStorage.setItem('lang', 'fr');
    expect(createStore().get(langAtom)).toBe('en');
  });
});

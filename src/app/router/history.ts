/**
 * The app's session history: the browser's (pushState and popstate) or, in tests, one in memory. Our router
 * (appRouter.ts) listens to it and the links and hooks of navigation.tsx write to it. React Router did this for
 * us; what the app used of it was this file and navigation.tsx, and its code was a fifth of the first screen's
 * library code to download and evaluate.
 */

import { createPath, parsePath, type To } from '../../shared/path.ts';

export { createPath, parsePath, type To };

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  /** What the navigation that made this entry carried (`navigate(to, { state })`). */
  readonly state: unknown;
  /** 'default' for the entry the app was opened on: there is nothing of ours to go back to. */
  readonly key: string;
}

export interface HistoryUpdate {
  readonly action: NavigationType;
  readonly location: Location;
}

export interface History {
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  /** Hears every change: pushes and replaces as well as Back and Forward. */
  listen(listener: (update: HistoryUpdate) => void): () => void;
  createHref(to: To): string;
}

const newKey = (): string => Math.random().toString(36).slice(2, 10);

function notifier() {
  const listeners = new Set<(update: HistoryUpdate) => void>();
  return {
    listen(listener: (update: HistoryUpdate) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(update: HistoryUpdate) {
      for (const listener of [...listeners]) listener(update);
    },
  };
}

/** What each entry keeps in history.state: its key and the navigation's state. */
interface EntryState {
  readonly key: string;
  readonly usr: unknown;
}

const isEntryState = (value: unknown): value is EntryState => typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';

export function createBrowserHistory(win: Window = window): History {
  const read = (): Location => {
    const entry: unknown = win.history.state;
    const { pathname, search, hash } = win.location;
    return isEntryState(entry) ? { pathname, search, hash, state: entry.usr, key: entry.key } : { pathname, search, hash, state: null, key: 'default' };
  };
  let location = read();
  const { listen: add, notify } = notifier();
  const onPop = () => {
    location = read();
    notify({ action: 'POP', location });
  };
  let listening = 0;
  // Back and Forward are heard while someone listens (a test's router that is disposed leaves no handler behind).
  const listen = (listener: (update: HistoryUpdate) => void): (() => void) => {
    if (listening++ === 0) win.addEventListener('popstate', onPop);
    const remove = add(listener);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      remove();
      if (--listening === 0) win.removeEventListener('popstate', onPop);
    };
  };
  const write = (action: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    const entry: EntryState = { key: newKey(), usr: state ?? null };
    const href = createPath(to);
    if (action === 'PUSH') win.history.pushState(entry, '', href);
    else win.history.replaceState(entry, '', href);
    location = read();
    notify({ action, location });
  };
  return {
    get location() {
      return location;
    },
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go: (delta) => win.history.go(delta),
    listen,
    createHref: createPath,
  };
}

export function createMemoryHistory(initialEntries: readonly string[] = ['/']): History {
  const entries: Location[] = (initialEntries.length > 0 ? initialEntries : ['/']).map((to, i) => ({ ...parsePath(to), state: null, key: i === 0 ? 'default' : newKey() }));
  let index = entries.length - 1;
  const { listen, notify } = notifier();
  const at = (): Location => entries[index] ?? { pathname: '/', search: '', hash: '', state: null, key: 'default' };
  const write = (action: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    const location: Location = { ...parsePath(to), state: state ?? null, key: newKey() };
    if (action === 'PUSH') {
      index += 1;
      entries.splice(index, entries.length - index, location);
    } else entries[index] = location;
    notify({ action, location });
  };
  return {
    get location() {
      return at();
    },
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      notify({ action: 'POP', location: at() });
    },
    listen,
    createHref: createPath,
  };
}

import { atom } from 'jotai';

export interface ToastMessage {
  /** A locale key; the toast translates it when shown. */
  readonly key: string;
  /** Distinguishes two equal messages in a row, so each restarts the timer. */
  readonly id: number;
}

export const toastAtom = atom<ToastMessage | null>(null);

let nextId = 1;
export const showToastAtom = atom(null, (_get, set, key: string) => set(toastAtom, { key, id: nextId++ }));

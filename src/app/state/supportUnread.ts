import { atom } from 'jotai';

/** Support replies the member has not seen (support/messages `unread`); the kf tab shows it as a badge. */
export const supportUnreadAtom = atom(0);

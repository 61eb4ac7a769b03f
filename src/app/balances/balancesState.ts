import { atom } from 'jotai';
import type { z } from 'zod';
import type { balanceList } from '../../contract/user.ts';
import type { ApiFailure } from '../../http/failure.ts';
import type { CallState } from '../hooks/useCall.ts';

export type BalanceList = z.infer<typeof balanceList>;

/** The member's balances and review requests, for the token they were read with. */
export interface BalancesEntry {
  readonly token: string;
  readonly state: CallState<BalanceList>;
  /** A read is under way while figures are shown (a screen with a Refresh button says so). */
  readonly refreshing: boolean;
  /** The last refresh failed while good figures stayed on screen (a screen that asked says why). */
  readonly refreshFailure: ApiFailure | null;
}

/** The one copy of user/balance_list every screen shows (null: never read). */
export const balancesAtom = atom<BalancesEntry | null>(null);
/** Bumped to ask for a fresh read (a result settled, the tab came back, a review may have been decided). */
export const balancesVersionAtom = atom(0);
export const refreshBalancesAtom = atom(null, (get, set) => set(balancesVersionAtom, get(balancesVersionAtom) + 1));
/** How many mounted components show balances: nothing is read while none does. */
export const balanceUsersAtom = atom(0);

/** A deposit, withdrawal or refund still under review: its decision will move the balances. */
export const hasPendingReview = (list: BalanceList): boolean => list.requests.some((r) => r.status === 'review');

/** While a review is pending and the tab is visible, balances are read again this often. */
export const REVIEW_POLL_MS = 12_000;

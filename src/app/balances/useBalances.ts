import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { CallState } from '../hooks/useCall.ts';
import { tokenAtom } from '../state/session.ts';
import { balancesAtom, balanceUsersAtom, refreshBalancesAtom, type BalanceList } from './balancesState.ts';

export interface Balances {
  /** null while signed out; `loading` only before the first answer (a refresh keeps the last figures). */
  readonly state: CallState<BalanceList> | null;
  /** Reads user/balance_list again (pull to refresh, a retry button). */
  readonly refresh: () => void;
}

/**
 * The member's balances (user/balance_list: balance, available, frozen, review requests) from the one shared
 * source `<BalancesSource>` keeps fresh: after a result settles, when the tab returns, and every few seconds
 * while a request is under review. Every screen that shows balances uses this, so they never disagree.
 */
export function useBalances(): Balances {
  const token = useAtomValue(tokenAtom);
  const entry = useAtomValue(balancesAtom);
  const refresh = useSetAtom(refreshBalancesAtom);
  const setUsers = useSetAtom(balanceUsersAtom);
  useEffect(() => {
    setUsers((n) => n + 1);
    return () => setUsers((n) => n - 1);
  }, [setUsers]);
  const state = token === null ? null : entry !== null && entry.token === token ? entry.state : { status: 'loading' as const };
  return { state, refresh };
}

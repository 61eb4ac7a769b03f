import { useSetAtom } from 'jotai';
import { useAtomValue } from '../state/atomHooks.ts';
import { useEffect, useState } from 'react';
import { useApi } from '../api/apiContext.ts';
import type { ApiFailure } from '../../http/failure.ts';
import type { CallState } from '../hooks/useCall.ts';
import { tokenAtom } from '../state/session.ts';
import { balancesAtom, balanceUsersAtom, refreshBalancesAtom, type BalanceList } from './balancesState.ts';

export interface Balances {
  /** null while signed out; `loading` only before the first answer (a refresh keeps the last figures). */
  readonly state: CallState<BalanceList> | null;
  /** Reads user/balance_list again (pull to refresh, a retry button). */
  readonly refresh: () => void;
  /** A read is under way while the last figures are shown. */
  readonly refreshing: boolean;
  /** Why the last refresh failed, while the last good figures stay on screen; null after a good read. */
  readonly refreshFailure: ApiFailure | null;
}

/**
 * The member's balances (user/balance_list: balance, available, frozen, review requests) from the one shared
 * source `<BalancesSource>` keeps fresh: after a result settles, when the tab returns, and every few seconds
 * while a request is under review. Every screen that shows balances uses this, so they never disagree.
 */
export function useBalances(): Balances {
  const client = useApi();
  const token = useAtomValue(tokenAtom);
  const entry = useAtomValue(balancesAtom);
  // Never read yet, but the boot script's answer is already here: shown in the first render. BalancesSource's first
  // read takes that same answer, so the store then holds this very data: the card renders once more, and nothing on
  // the page changes.
  const [atOnce] = useState(() => {
    const data = entry === null && token !== null ? client.peek('user/balance_list')?.data : undefined;
    return data === undefined || token === null ? null : { token, state: { status: 'ok' as const, data }, refreshing: false, refreshFailure: null };
  });
  const refresh = useSetAtom(refreshBalancesAtom);
  const setUsers = useSetAtom(balanceUsersAtom);
  useEffect(() => {
    setUsers((n) => n + 1);
    return () => setUsers((n) => n - 1);
  }, [setUsers]);
  const mine = token !== null && entry !== null && entry.token === token ? entry : atOnce?.token === token ? atOnce : null;
  const state = token === null ? null : (mine?.state ?? { status: 'loading' as const });
  return { state, refresh, refreshing: mine?.refreshing ?? false, refreshFailure: mine?.refreshFailure ?? null };
}

import { useSetAtom } from 'jotai';
import { useAtom, useAtomValue } from '../state/atomHooks.ts';
import { useEffect, useRef } from 'react';
import { useApi } from '../api/apiContext.ts';
import { asApiFailure } from '../../http/failure.ts';
import { usePoll } from '../hooks/usePoll.ts';
import { tokenAtom } from '../state/session.ts';
import {
  balancesAtom, balancesVersionAtom, balanceUsersAtom, hasPendingReview, refreshBalancesAtom, REVIEW_POLL_MS, type BalanceList,
} from './balancesState.ts';

/**
 * Keeps the one copy of the member's balances fresh while any screen shows them (mounted once, in the app
 * layout), on the one polling loop: reads on demand (a money event, pull to refresh), when the tab comes back
 * into view, and every REVIEW_POLL_MS while a deposit, withdrawal or refund is under review and the tab is
 * visible; a failed read is retried with the loop's backoff.
 */
export function BalancesSource() {
  const client = useApi();
  const token = useAtomValue(tokenAtom);
  const users = useAtomValue(balanceUsersAtom);
  const version = useAtomValue(balancesVersionAtom);
  const [entry, setEntry] = useAtom(balancesAtom);
  const refresh = useSetAtom(refreshBalancesAtom);
  const watched = token !== null && users > 0;
  const lastGood = useRef(entry);
  lastGood.current = entry;

  // Every money path the page calls refreshes the one store (the worker's orders do through the ticket and the toast).
  useEffect(() => client.onMoneyMoved(refresh), [client, refresh]);

  usePoll(
    async (signal): Promise<BalanceList | null> => {
      if (token === null) return null;
      // A refresh keeps the figures on screen, marked as refreshing; only a first read (or another member) shows loading.
      const shown = lastGood.current;
      const keeps = shown?.token === token && shown.state.status === 'ok';
      // Never read: every screen already shows loading for no entry, and one more write is one more render of each.
      if (keeps) setEntry({ ...shown, refreshing: true, refreshFailure: null });
      else if (shown !== null) setEntry({ token, state: { status: 'loading' }, refreshing: false, refreshFailure: null });
      try {
        // Without the signal: the first read may be the boot script's early answer.
        const { data } = await client.call('user/balance_list');
        // A read the poll has left (another member, a newer refresh) shows nothing.
        if (!signal.aborted) setEntry({ token, state: { status: 'ok', data }, refreshing: false, refreshFailure: null });
        return data;
      } catch (e) {
        if (signal.aborted) throw e;
        const failure = asApiFailure(e);
        const kept = lastGood.current;
        // A failed refresh keeps good figures and says why; a failed first read shows the failure instead.
        if (kept?.token === token && kept.state.status === 'ok') setEntry({ ...kept, refreshing: false, refreshFailure: failure });
        else setEntry({ token, state: { status: 'error', failure }, refreshing: false, refreshFailure: null });
        throw e;
      }
    },
    {
      intervalMs: REVIEW_POLL_MS,
      // Nothing under review: nothing to watch for until the next money event or the tab's return.
      nextIntervalMs: (list) => (list !== null && hasPendingReview(list) ? REVIEW_POLL_MS : Infinity),
      enabled: watched,
      key: `${token ?? ''}:${version}`,
    },
  );

  useEffect(() => {
    if (!watched) return;
    // A return to the window without the tab having been hidden (another app over the browser).
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [watched, refresh]);

  return null;
}

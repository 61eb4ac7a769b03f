import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useApi } from '../app/apiContext.ts';
import { asApiFailure } from '../../http/failure.ts';
import { tokenAtom } from '../state/session.ts';
import {
  balancesAtom, balancesVersionAtom, balanceUsersAtom, hasPendingReview, refreshBalancesAtom, REVIEW_POLL_MS,
} from './balancesState.ts';

/**
 * Keeps the one copy of the member's balances fresh while any screen shows them (mounted once, in the app
 * layout): reads on demand (a settled result, pull to refresh), when the tab comes back into view, and every
 * REVIEW_POLL_MS while a deposit, withdrawal or refund is under review and the tab is visible.
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

  useEffect(() => {
    if (!watched || token === null) return;
    let live = true;
    // A refresh keeps the figures on screen; only a first read (or another member) shows loading.
    if (lastGood.current?.token !== token) setEntry({ token, state: { status: 'loading' } });
    client.call('user/balance_list').then(
      (r) => live && setEntry({ token, state: { status: 'ok', data: r.data } }),
      (e: unknown) => {
        if (!live) return;
        const kept = lastGood.current;
        // A failed refresh keeps good figures; a failed first read says so.
        if (kept?.token === token && kept.state.status === 'ok') return;
        setEntry({ token, state: { status: 'error', failure: asApiFailure(e) } });
      },
    );
    return () => {
      live = false;
    };
  }, [client, token, watched, version, setEntry]);

  // Every money path the page calls refreshes the one store (the worker's orders do through the ticket and the toast).
  useEffect(() => client.onMoneyMoved(refresh), [client, refresh]);

  useEffect(() => {
    if (!watched) return;
    const back = (): void => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('focus', back);
    };
  }, [watched, refresh]);

  const pending = watched && entry?.state.status === 'ok' && hasPendingReview(entry.state.data);
  useEffect(() => {
    if (!pending) return;
    // One timer per answer: each read schedules the next while something is still under review.
    const timer = setTimeout(() => {
      if (document.visibilityState === 'visible') refresh();
    }, REVIEW_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, entry, refresh]);

  return null;
}

import { startTransition, useRef } from 'react';
import { useChangedState } from '../hooks/useChangedState.ts';
import type { Order } from '../../contract/market.ts';
import { applyRowChanges } from '../../shared/row-changes.ts';
import { applySettled } from '../../shared/settled-results.ts';
import type { ListDelta, StatusMessage, SubscriptionHandle } from '../../workers/api.ts';
import { freshState, liveStateOf, type LiveState } from './liveState.ts';
import type { MarketWorker } from './marketWorker.ts';
import { useSubscription } from './useSubscription.ts';

export interface LiveList<T> {
  /** Null until the first answer for the current key. */
  readonly items: readonly T[] | null;
  readonly total: number;
  readonly live: LiveState;
}

interface Held<T> extends LiveList<T> {
  readonly key: string | null;
}

/**
 * A keyed list from the worker's diffs. Rows that did not change keep their object identity, so memoised
 * rows do not re-render; one state update per message (and messages come only when something changed).
 * `order` must be a stable (module-level) comparator.
 */
export function useLiveList<T extends { readonly id: number }>(
  worker: MarketWorker | null,
  key: string | null,
  open: (worker: MarketWorker, callback: (message: ListDelta<T> | StatusMessage) => void) => Promise<SubscriptionHandle>,
  order: (a: T, b: T) => number,
): LiveList<T> {
  const rows = useRef(new Map<number, T>());
  const [state, write, held] = useChangedState<Held<T>>({ key: null, items: null, total: 0, live: freshState });

  useSubscription(worker, key, open, (message: ListDelta<T> | StatusMessage) => {
    if (message.kind === 'status') {
      const live = liveStateOf(message);
      if (held().live !== live) write({ ...held(), live });
      return;
    }
    if (message.kind === 'reset') {
      rows.current = new Map(message.items.map((row) => [row.id, row]));
    } else {
      for (const id of message.removed) rows.current.delete(id);
      for (const row of message.upserts) rows.current.set(row.id, row);
      applyRowChanges(rows.current, message.changes);
      // Only order lists carry results as ids and profits; their rows are orders.
      if (message.settled) applySettled(rows.current as unknown as Map<number, Order>, message.settled);
    }
    const items = [...rows.current.values()].sort(order);
    // A long list's re-render is a transition: a tap that comes meanwhile is answered first.
    startTransition(() => write({ ...held(), key, items, total: message.total }));
  });
  return state.key === key ? state : { items: null, total: 0, live: state.live };
}

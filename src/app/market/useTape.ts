import { useState } from 'react';
import type { TapeMessage, TapeTrade, TurnoverStats } from '../../workers/api.ts';
import { freshState, liveStateOf, type LiveState } from './liveState.ts';
import { useMarketWorker } from './useMarketWorker.ts';
import { useSubscription } from './useSubscription.ts';

/** Trades the tape shows. */
export const TAPE_ROWS = 20;

export interface Tape {
  /** Newest first. */
  readonly trades: readonly TapeTrade[];
  readonly stats: TurnoverStats | null;
  readonly live: LiveState;
}

/** The trade tape and 24 h figures of one product, from the worker's appends. */
export function useTape(id: number | null): Tape {
  const worker = useMarketWorker();
  const [tape, setTape] = useState<Tape>({ trades: [], stats: null, live: freshState });
  useSubscription(worker, id === null ? null : `tape:${id}`, (w, cb) => w.watchTape({ id: id ?? 0 }, cb), (message: TapeMessage) => {
    setTape((t) => {
      if (message.kind === 'status') return { ...t, live: liveStateOf(message) };
      const fresh = [...message.trades].reverse();
      const trades = message.kind === 'reset' ? fresh.slice(0, TAPE_ROWS) : [...fresh, ...t.trades].slice(0, TAPE_ROWS);
      return { trades, stats: message.stats ?? t.stats, live: t.live };
    });
  });
  return tape;
}

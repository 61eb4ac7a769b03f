import { useState } from 'react';
import type { TapeMessage, TapeTrade, TurnoverStats } from '../../workers/api.ts';
import { freshState, liveStateOf, type LiveState } from './liveState.ts';
import { useMarketWorker } from './useMarketWorker.ts';
import { useSubscription } from './useSubscription.ts';
import { countdownBoard } from './countdown.ts';

/** Trades the tape shows. */
export const TAPE_ROWS = 20;

/** A trade with its place in the tape's arrival order: a key that stays with the trade as newer ones push it down. */
export interface TapeRow {
  readonly seq: number;
  readonly trade: TapeTrade;
}

export interface Tape {
  /** Newest first. */
  readonly trades: readonly TapeRow[];
  readonly stats: TurnoverStats | null;
  readonly live: LiveState;
}

/** The trade tape and 24 h figures of one product, from the worker's appends. */
export function useTape(id: number | null): Tape {
  const worker = useMarketWorker();
  const [tape, setTape] = useState<Tape>({ trades: [], stats: null, live: freshState });
  useSubscription(worker, id === null ? null : `tape:${id}`, (w, cb) => w.watchTape({ id: id ?? 0 }, cb), (message: TapeMessage) => {
    // New trades paint with the countdowns' next step when it is moments away (one frame for both).
    if (message.kind === 'append') countdownBoard().hold(() => setTape((t) => nextTape(t, message)));
    else setTape((t) => nextTape(t, message));
  });
  return tape;
}

/** The tape after one message from the worker (trades come oldest first). */
export function nextTape(t: Tape, message: TapeMessage): Tape {
  if (message.kind === 'status') {
    const live = liveStateOf(message);
    return live === t.live ? t : { ...t, live };
  }
  // Numbered on arrival, so a row keeps its key (and React its node) while it moves down the tape.
  const base = message.kind === 'reset' ? 0 : (t.trades[0]?.seq ?? -1) + 1;
  const fresh = message.trades.map((trade, i) => ({ seq: base + i, trade })).reverse();
  const trades = message.kind === 'reset' ? fresh.slice(0, TAPE_ROWS) : [...fresh, ...t.trades].slice(0, TAPE_ROWS);
  return { trades, stats: message.stats ?? t.stats, live: t.live };
}

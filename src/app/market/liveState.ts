import type { StatusMessage } from '../../workers/api.ts';

/** What a live panel shows about its data: fresh, old (stale), or the poll is retrying (reconnecting). */
export interface LiveState {
  readonly stale: boolean;
  readonly reconnecting: boolean;
}

export const freshState: LiveState = { stale: false, reconnecting: false };
const reconnectingState: LiveState = { stale: false, reconnecting: true };
const staleState: LiveState = { stale: true, reconnecting: false };
const staleReconnectingState: LiveState = { stale: true, reconnecting: true };

/**
 * One object per state, so a status that changes nothing a panel shows (a subscription's first, which is fresh,
 * or one from the cache and then the network) is the same value and React skips the panel's render.
 */
export const liveStateOf = (status: StatusMessage): LiveState =>
  status.stale ? (status.reconnecting ? staleReconnectingState : staleState) : status.reconnecting ? reconnectingState : freshState;

import type { StatusMessage } from '../../workers/api.ts';

/** What a live panel shows about its data: fresh, old (stale), or the poll is retrying (reconnecting). */
export interface LiveState {
  readonly stale: boolean;
  readonly reconnecting: boolean;
}

export const freshState: LiveState = { stale: false, reconnecting: false };

export const liveStateOf = (status: StatusMessage): LiveState => ({ stale: status.stale, reconnecting: status.reconnecting });

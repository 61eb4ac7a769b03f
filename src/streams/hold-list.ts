import type { OpenOrder } from './inputs.ts';
import { ABSENT_GRACE_MS, type OrderInput, type StoreOrder } from './order-store.ts';

/** A hold list answer; with `since`, only the orders opened since, and the count of all open ones. */
export interface HoldAnswer<T> {
  readonly items: readonly T[];
  readonly serverTime: number;
  readonly since: number | undefined;
  readonly openCount?: number | undefined;
}

/** What a hold list answer leaves for the next poll and the due chase. */
export interface HoldFollowUp {
  /**
   * The next poll's `since`: the answer's server time less the grace for a create that committed just after it
   * was read. Undefined: ask for the whole list.
   */
  readonly cursor: number | undefined;
  /** Open orders the whole list no longer lists after their settle time: asked for by id again. */
  readonly recheck: readonly number[];
}

/** The whole list is the open set; an answer `since` a cursor only adds rows (nothing is inferred from absence). */
export const holdListInput = <T extends StoreOrder>(answer: HoldAnswer<T>): OrderInput<T> =>
  answer.since === undefined
    ? { kind: 'open-set', orders: answer.items, at: answer.serverTime }
    : { kind: 'rows', orders: answer.items, at: answer.serverTime };

/**
 * After the store has taken the answer (`open`: its open orders now). An answer `since` the cursor keeps it while
 * the store holds as many open orders as the server; otherwise a change was missed (another device, a server
 * restart), and the next poll asks for the whole list. An open order the whole list leaves out after its settle
 * time settled there: the due chase may have given up on it, so its result is asked for again.
 */
export function afterHoldList<T extends StoreOrder>(answer: HoldAnswer<T>, open: readonly OpenOrder[]): HoldFollowUp {
  const cursor = answer.serverTime - ABSENT_GRACE_MS;
  if (answer.since !== undefined) return { cursor: answer.openCount === open.length ? cursor : undefined, recheck: [] };
  const listed = new Set(answer.items.map((o) => o.id));
  return { cursor, recheck: open.filter((o) => !listed.has(o.id) && o.settleTime <= answer.serverTime).map((o) => o.id) };
}

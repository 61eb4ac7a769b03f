import type { Order } from '../../contract/market.ts';
import type { ResultsMessage } from '../../workers/api.ts';
import { cents, fromCents, toCents } from '../../shared/money.ts';

/** What the result toast shows: the orders that settled since it opened, and their net result. */
export interface ResultSummary {
  /** Each settled order's profit by id, once each. */
  readonly profits: ReadonlyMap<number, string>;
  /** The newest result whole: the toast for one order shows its prices. */
  readonly newest: Order;
  /** Sum of the orders' profit, a signed decimal string with 2 places ("-11.23"). */
  readonly net: string;
  /** Changes with every new batch, so the toast restarts its timer and the live region speaks again. */
  readonly id: number;
}

let nextId = 1;

/**
 * Adds a burst of new results to the toast on screen (null: none), so results that arrive while it is still
 * showing collapse into it ("3 orders settled: +12.40") instead of replacing it.
 */
export function addResults(shown: ResultSummary | null, message: ResultsMessage): ResultSummary | null {
  if (message.byProfit.every((g) => g.ids.length === 0)) return shown;
  const profits = new Map(shown?.profits ?? []);
  for (const { profit, ids } of message.byProfit) for (const id of ids) profits.set(id, profit);
  let net = 0n;
  for (const profit of profits.values()) net += toCents(profit);
  return { profits, newest: message.newest, net: fromCents(cents(net)), id: nextId++ };
}

import type { Order } from '../../contract/market.ts';
import { toCents } from '../money/amount.ts';

/** What the result toast shows: the orders that settled since it opened, and their net result. */
export interface ResultSummary {
  /** Newest results last; each order once. */
  readonly orders: readonly Order[];
  /** Sum of the orders' profit, a signed decimal string with 2 places ("-11.23"). */
  readonly net: string;
  /** Changes with every new batch, so the toast restarts its timer and the live region speaks again. */
  readonly id: number;
}

const fromCents = (cents: bigint): string => {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

let nextId = 1;

/**
 * Adds a batch of new results to the toast on screen (null: none), so results that arrive while it is still
 * showing collapse into it ("3 orders settled: +12.40") instead of replacing it.
 */
export function addResults(shown: ResultSummary | null, batch: readonly Order[]): ResultSummary | null {
  if (batch.length === 0) return shown;
  const byId = new Map((shown?.orders ?? []).map((o) => [o.id, o]));
  for (const o of batch) {
    byId.delete(o.id);
    byId.set(o.id, o);
  }
  const orders = [...byId.values()];
  const net = orders.reduce((sum, o) => sum + toCents(o.profit ?? '0.00'), 0n);
  return { orders, net: fromCents(net), id: nextId++ };
}

/** "+12.40", "-11.23", "0.00": the sign is shown so a loss never reads as a win. */
export function signedAmount(formatted: string, value: string): string {
  if (/^-/.test(value)) return `-${formatted.replace(/^-/, '')}`;
  return /^0+(\.0+)?$/.test(value) ? formatted : `+${formatted}`;
}

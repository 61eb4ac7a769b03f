// What the market worker sends across the boundary besides the stream operators' own messages
// (src/streams/messages.ts). Plain data only: diffs, never a whole list again while nothing changed.
import type { Order, ProductSummary } from '../contract/market.ts';
import type { RowChange } from '../shared/row-changes.ts';
import type { SettledGroup } from '../streams/compact-settled.ts';

/** A subscription's health: stale when its last good data is older than the panel's threshold. */
export interface StatusMessage {
  readonly kind: 'status';
  readonly stale: boolean;
  /** The last request failed and the poll is backing off before the next try. */
  readonly reconnecting: boolean;
  /** Worker clock time of the last good data; null before the first. */
  readonly lastGoodAt: number | null;
}

/**
 * A keyed list as diffs: `reset` once (and after a reconnect of a late subscriber), then `patch` with only
 * the rows that changed or left. `total` is the server's count for a paged list, else the row count. An order
 * list's patch may carry `settled`: results of open rows the page already holds, as ids and profits
 * (src/streams/compact-settled.ts), so a burst of settlements crosses small.
 */
export type ListDelta<T> =
  | { readonly kind: 'reset'; readonly items: readonly T[]; readonly total: number }
  | {
      readonly kind: 'patch';
      readonly upserts: readonly T[];
      readonly removed: readonly number[];
      readonly total: number;
      readonly settled?: readonly SettledGroup[];
      /** Rows the page already holds, with only the fields that changed (the product list's prices). */
      readonly changes?: readonly RowChange<T>[];
    };

export type ProductsMessage = ListDelta<ProductSummary> | StatusMessage;
export type OrdersMessage = ListDelta<Order> | StatusMessage;

/** One trade of the tape, newest last: [time ms, price, quantity, side]. */
export type TapeTrade = readonly [time: number, price: string, quantity: string, side: 'rise' | 'fall'];

export interface TurnoverStats {
  readonly price: string;
  readonly volume24h: string;
  readonly amount24h: string;
  readonly high24h: string;
  readonly low24h: string;
}

/** The trade tape: `reset` with the latest trades, then `append` with only the new ones (stats when they moved). */
/** One product's quote as a screen showing that product needs it (what product/list says of it). */
export interface Quote {
  readonly kind: 'quote';
  readonly price: string;
  readonly changePct: string;
  readonly open: boolean;
  readonly nextOpen: number | null;
}
export type QuoteMessage = Quote | StatusMessage;

export type TapeMessage =
  | { readonly kind: 'reset'; readonly trades: readonly TapeTrade[]; readonly stats: TurnoverStats }
  | { readonly kind: 'append'; readonly trades: readonly TapeTrade[]; readonly stats: TurnoverStats | null }
  | StatusMessage;

/** Where the worker sends requests, and as whom. Read on every request. */
export interface Session {
  /** Absolute API base, e.g. `https://host/api` (a worker resolves relative URLs against its own script). */
  readonly apiBase: string;
  /** The raw token the Authorization header carries; null when signed out. */
  readonly token: string | null;
  /** `en`, `vn` or `zn`, sent as Accept-Language. */
  readonly lang: string;
}

/** The server clock as the page needs it: serverNow = deviceNow() + offsetMs (src/shared/clock.ts; the worker and the page share the device clock). */
export interface ClockMessage {
  readonly kind: 'clock';
  readonly offsetMs: number;
}

/** A subscription's id; pass it to `unsubscribe`. */
export type SubscriptionHandle = number;

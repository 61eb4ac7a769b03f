// Poll periods (ms after a success) and stale thresholds. The server ticks once a second; a phone on a
// slow network should not be asked for more than it can show.
export interface Periods {
  readonly products: number;
  /** The list while the live stream quotes the rows in view: only the rows out of view and new products wait on it. */
  readonly productsWhileLive: number;
  readonly kdata: number;
  readonly turnover: number;
  readonly holdList: number;
  /** The hold list while no screen shows my open orders (it only keeps the open set known). */
  readonly holdListBackground: number;
  readonly productOrders: number;
  /** product/orders while its market is closed. */
  readonly productOrdersQuiet: number;
  readonly orderList: number;
  /** A market closed by its hours (at most; sooner when it opens sooner). */
  readonly closed: number;
}

export const PERIOD_MS: Periods = {
  // A list poll carries only the quotes that moved (about 330 bytes for 21 products, all moving); every 6 s keeps
  // / and /hq under 10 KB a minute with the hold list and the support badge.
  products: 6_000,
  productsWhileLive: 60_000,
  // The trade tape moves the live bar every second; kdata brings the server's bars (volume, corrections).
  kdata: 10_000,
  // Every trade still reaches the tape and the chart (a cursor asks for all since the last one); the price moves
  // every 2 s rather than every second, which halves what a metered member pays for a chart.
  turnover: 2_000,
  // New orders from another device and the open set; this device's own orders and every due result come at once.
  holdList: 10_000,
  holdListBackground: 30_000,
  // Only a safety net with a cursor: the hold list brings new orders and the due chase their results.
  productOrders: 15_000,
  productOrdersQuiet: 60_000,
  orderList: 15_000,
  closed: 60_000,
};

/** A panel is marked stale when its last good data is older than this many periods (and at least 5 s). */
export const staleAfter = (periodMs: number): number => Math.max(5_000, periodMs * 3);

/** Bars fetched for a chart's history; the chart's buffer keeps the newest 1500. */
export const HISTORY_BARS = 500;

/**
 * After an order falls due, its result is asked for by id (order/results) at once, then this often for the
 * ones the server has not settled yet...
 */
export const DUE_RETRY_MS = 250;
/** ...at most this many tries per due batch (2 s: the server settles within about a second of the time). */
export const DUE_MAX_TRIES = 8;
/** The most ids one order/results request may carry (the contract's limit). */
export const RESULTS_BATCH = 100;

/** The product list is read whole every this many polls (a product added or withdrawn); between, only moved quotes. */
export const FULL_LIST_EVERY = 30;
/** A list poll `since` the last answer looks back this far: a tick read just before that answer may commit after it. */
export const LIST_LOOKBACK_MS = 1_000;

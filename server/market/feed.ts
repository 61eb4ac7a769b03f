/**
 * A market feed produces ticks. The embedded default is the seeded simulator (simulator.ts); replay.ts plays
 * OHLCV files; a live exchange source only has to implement `Feed` too. The feed never touches the database:
 * MarketRecorder (recorder.ts) stores what it produces.
 */

import { INTERVAL_MS } from '../../src/contract/intervals.ts';

/** A minute, an hour and a UTC day in ms: the interval table's 1m, 1h and 1d. */
export const MINUTE = INTERVAL_MS['1m'];
export const HOUR = INTERVAL_MS['1h'];
export const DAY = INTERVAL_MS['1d'];

/**
 * The candle resolutions stored, in seconds (the candles table's `res`): the chart's 1m, 1h and 1d intervals.
 * The other intervals are aggregated from these (kdata.ts).
 */
export const RES = { minute: MINUTE / 1000, hour: HOUR / 1000, day: DAY / 1000 } as const;

/** One trade print. Prices and quantities are in the product's minor units (see prices.ts). */
export interface Tick {
  readonly productId: number;
  /** Epoch ms. At most one tick per product per second. */
  readonly t: number;
  readonly price: bigint;
  readonly qty: bigint;
  /** At or above the previous price: the trade tape's side. */
  readonly up: boolean;
}

/** One of RES's, in seconds. */
export type Resolution = (typeof RES)[keyof typeof RES];

/** A candle of history the feed produced without ticks (backfill, a downtime gap). */
export interface Bar {
  readonly productId: number;
  /** Seconds: RES.minute, RES.hour or RES.day. */
  readonly res: Resolution;
  /** Open time, epoch ms, a multiple of res × 1000. */
  readonly t: number;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volume: bigint;
  /** Σ price × qty in units of 10^-(decimals + qtyDecimals). */
  readonly turnover: bigint;
}

export interface FeedBatch {
  /** Stored as ticks and folded into candles. */
  readonly ticks: readonly Tick[];
  /** Stored as candles (and folded into the coarser resolutions: a 1-minute bar into its hour and day). */
  readonly bars: readonly Bar[];
  /** Ticks of generated history: stored, but already counted in `bars`, so not folded again. */
  readonly historyTicks: readonly Tick[];
}

export const emptyBatch = (): FeedBatch => ({ ticks: [], bars: [], historyTicks: [] });

/** Where stored history ends for a product: its last price and the time of it. */
export interface LastPrice {
  readonly t: number;
  readonly price: bigint;
}

export interface Feed {
  readonly name: string;
  /**
   * Called once at start with what the store already holds per product (absent: nothing yet). The feed
   * continues from there and may answer history for a first start or for the time the server was down.
   */
  resume(last: ReadonlyMap<number, LastPrice>, now: number): FeedBatch | Promise<FeedBatch>;
  /** Everything new up to `now` (inclusive), oldest first; only while each product's market is open. */
  poll(now: number): FeedBatch | Promise<FeedBatch>;
  /**
   * After a poll at `now`, the time up to which this feed's ticks are final: no later poll brings a tick stamped
   * at or before it. Absent: `now`. A feed that stamps ticks on whole seconds knows the rest of the second too.
   */
  finalUpTo?(now: number): number;
}

/** For feeds that stamp every tick on a whole second: after a poll at `now`, nothing more can come in this second. */
export const endOfSecond = (now: number): number => Math.floor(now / 1000) * 1000 + 999;

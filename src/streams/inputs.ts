// The structural shapes the operators read. They mirror src/contract/market.ts without importing it
// (streams imports nothing of ours but the interval table), so the worker can pass contract responses straight in.
import type { IntervalName } from '../contract/intervals.ts';

export type { IntervalName };

/** One kdata bar as it comes off the wire: [openTime ms, open, high, low, close, volume], decimal strings. */
export type WireBar = readonly [openTime: number, open: string, high: string, low: string, close: string, volume: string];

/**
 * One kdata response. `since` is the cursor the request used: absent means full history (it resets the
 * chart); present means an incremental result (bars with openTime >= since). The contract's response has
 * no `since`, so the worker adds the one it sent.
 */
export interface KdataBatch {
  readonly interval: IntervalName;
  readonly bars: readonly WireBar[];
  readonly since?: number | undefined;
}

/** One trade off the wire, newest last: [time ms, price, quantity, side]. */
export type WireTrade = readonly [time: number, price: string, quantity: string, side: string];

/** The part of a turnover response that moves the last candle. */
export interface TurnoverSample {
  readonly price: string;
  readonly trades: readonly WireTrade[];
  readonly serverTime: number;
}

/** An open order as the countdown needs it: settleTime is server epoch ms. */
export interface OpenOrder {
  readonly id: number;
  readonly settleTime: number;
}

/** One request's timing: sentAt and receivedAt on the client clock, serverTime from the response (all ms). */
export interface ClockSample {
  readonly sentAt: number;
  readonly receivedAt: number;
  readonly serverTime: number;
}

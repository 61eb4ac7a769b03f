// The chart's intervals, written once: their names (the wire's `interval`), their lengths and how a bar aligns.
// The contract's schema, the server's aggregation, the worker's streams, the chart and its buttons all read this.
// Plain data with no imports, so every layer may import it (eslint.config.js allows this one contract file).

/** In the order the chart offers them. */
export const INTERVAL_NAMES = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type IntervalName = (typeof INTERVAL_NAMES)[number];

/** Each interval's length in milliseconds. */
export const INTERVAL_MS: Readonly<Record<IntervalName, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

/**
 * Start of the UTC-aligned bucket of `bucketMs` holding `timeMs`. Epoch ms has no leap seconds, so flooring to a
 * multiple of the bucket aligns minutes, hours, 4 h blocks and days to UTC midnight alike (as the server's SQL
 * does: `(t / ms) * ms`).
 */
export function bucketStart(timeMs: number, bucketMs: number): number {
  return timeMs - (((timeMs % bucketMs) + bucketMs) % bucketMs);
}

/** The open time (epoch ms) of the `interval` bar holding `timeMs`. */
export const barOpenTime = (timeMs: number, interval: IntervalName): number => bucketStart(timeMs, INTERVAL_MS[interval]);

import type { IntervalName } from './inputs.ts';

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
 * Start of the UTC-aligned bucket holding timeMs. Epoch ms has no leap seconds, so flooring to a multiple
 * of the bucket aligns minutes, hours, 4 h blocks and days to UTC midnight alike.
 */
export function bucketStart(timeMs: number, bucketMs: number): number {
  return timeMs - (((timeMs % bucketMs) + bucketMs) % bucketMs);
}

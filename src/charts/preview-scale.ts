// The first view's geometry, pure: which bars are in view and where, the price range and its round marks, and which
// bars carry a time label. Numbers in CSS pixels; no canvas here.
import type { Candle } from '../streams/messages.ts';
import { CANDLE_MARGINS, RIGHT_SLOTS, VOLUME_MARGINS } from './chart-look.ts';

/** The first of the newest `shown` bars, the ones in view. */
export const firstInView = (count: number, shown: number): number => Math.max(0, count - shown);

/** Pixels per bar: `shown` bars across the pane, with RIGHT_SLOTS empty slots after the last, as the full chart opens. */
export const barSpacing = (paneWidth: number, shown: number): number => paneWidth / (shown + RIGHT_SLOTS);

/** The centre of bar `index` of `count`, the newest sitting RIGHT_SLOTS slots from the right edge. */
export const barCentre = (index: number, count: number, paneWidth: number, spacing: number): number =>
  paneWidth - (count - index - 0.5 + RIGHT_SLOTS) * spacing;

export interface PriceRange {
  readonly low: number;
  readonly high: number;
  readonly maxVolume: number;
}

/** The lowest low, the highest high and the largest volume of the bars in view; a flat range is opened a little. */
export function priceRange(bars: readonly Candle[], minMove: number): PriceRange {
  let low = Infinity;
  let high = -Infinity;
  let maxVolume = 0;
  for (const bar of bars) {
    low = Math.min(low, bar.low);
    high = Math.max(high, bar.high);
    maxVolume = Math.max(maxVolume, bar.volume);
  }
  if (low === Infinity) return { low: 0, high: 1, maxVolume };
  if (high - low < minMove) return { low: low - 5 * minMove, high: high + 5 * minMove, maxVolume };
  return { low, high, maxVolume };
}

/** Price → y in the pane, inside the candles' margins. */
export function priceToY(price: number, range: PriceRange, paneHeight: number): number {
  const top = paneHeight * CANDLE_MARGINS.top;
  const height = paneHeight * (1 - CANDLE_MARGINS.top - CANDLE_MARGINS.bottom);
  return top + ((range.high - price) / (range.high - range.low)) * height;
}

/** Volume → the top of its bar, in the bottom fifth of the pane. */
export function volumeToY(volume: number, maxVolume: number, paneHeight: number): number {
  const bottom = paneHeight * (1 - VOLUME_MARGINS.bottom);
  const height = paneHeight * (1 - VOLUME_MARGINS.top - VOLUME_MARGINS.bottom);
  return maxVolume <= 0 ? bottom : bottom - (volume / maxVolume) * height;
}

/** The smallest of 1, 2, 2.5 and 5 times a power of ten at least `raw`, and never under the product's price step. */
export function roundStep(raw: number, minMove: number): number {
  if (!(raw > minMove)) return minMove;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * power >= raw) return Math.max(minMove, factor * power);
  return 10 * power;
}

/**
 * Round prices at least `gap` pixels apart over the candles' part of the pane (the full chart's price marks are
 * 2.5 font heights apart), rounded to the product's decimals.
 */
export function priceMarks(range: PriceRange, paneHeight: number, gap: number, decimals: number): number[] {
  const minMove = 1 / 10 ** decimals;
  const pxPerPrice = (paneHeight * (1 - CANDLE_MARGINS.top - CANDLE_MARGINS.bottom)) / (range.high - range.low);
  const step = roundStep(gap / pxPerPrice, minMove);
  // The pane shows prices past the bars' range (its margins): the marks cover all of it.
  const top = range.high + (paneHeight * CANDLE_MARGINS.top) / pxPerPrice;
  const bottom = range.low - (paneHeight * CANDLE_MARGINS.bottom) / pxPerPrice;
  const marks: number[] = [];
  for (let k = Math.ceil(bottom / step); k * step <= top; k++) marks.push(Number((k * step).toFixed(decimals + 2)));
  return marks;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Time label steps, finest first. */
const TIME_STEPS = [MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY];

/** The finest step of whole bars whose labels are at least `gap` pixels apart. */
export function timeStep(intervalMs: number, spacing: number, gap: number): number {
  for (const step of TIME_STEPS) if (step >= intervalMs && step % intervalMs === 0 && (step / intervalMs) * spacing >= gap) return step;
  return TIME_STEPS[TIME_STEPS.length - 1] ?? DAY;
}

/** Indexes of the bars in view whose open time is a whole number of steps (UTC, as the full chart's marks). */
export function timeMarks(bars: readonly Candle[], first: number, step: number): number[] {
  const marks: number[] = [];
  for (let i = first; i < bars.length; i++) if ((bars[i]?.time ?? 1) % step === 0) marks.push(i);
  return marks;
}

/** Round times within a day, coarsest first, with the full chart's tick weights. */
const INTRADAY_WEIGHTS: readonly (readonly [number, number])[] = [
  [12 * HOUR, 33],
  [6 * HOUR, 32],
  [3 * HOUR, 31],
  [HOUR, 30],
  [30 * MINUTE, 22],
  [5 * MINUTE, 21],
  [MINUTE, 20],
];

/** How round a bar's open time is (the full chart's tick weights): a year's start highest, a whole minute lowest. */
export function timeWeight(ms: number): number {
  const date = new Date(ms);
  if (ms % DAY === 0) return date.getUTCDate() !== 1 ? 50 : date.getUTCMonth() === 0 ? 70 : 60;
  for (const [divisor, weight] of INTRADAY_WEIGHTS) if (ms % divisor === 0) return weight;
  return 10;
}

/** The weight from which a label is bold: the roundest in view, or an hour's when that is within a day, as the full chart. */
export function boldWeight(weights: readonly number[]): number {
  const roundest = Math.max(0, ...weights);
  return roundest > 30 && roundest < 50 ? 30 : roundest;
}

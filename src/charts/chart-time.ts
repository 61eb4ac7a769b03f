import type { Time, UTCTimestamp } from 'lightweight-charts';
import { barOpenTime, type IntervalName } from '../contract/intervals.ts';

/** Epoch ms (the wire) → the chart's UTC seconds. */
export const chartTime = (ms: number): UTCTimestamp => Math.floor(ms / 1000) as UTCTimestamp;

/** The open time of the bar holding `ms`, in chart seconds (buckets are UTC-aligned like the server's). */
export const barTimeOf = (ms: number, interval: IntervalName): UTCTimestamp => chartTime(barOpenTime(ms, interval));

const secondsOf = (time: Time): number => (typeof time === 'number' ? time : 0);

/**
 * The chart draws UTC seconds as if they were local; these format them in the member's own time zone
 * and language instead.
 */
export function localTimeFormatters(locale: string) {
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  return {
    timeFormatter: (time: Time): string => full.format(secondsOf(time) * 1000),
    /** Tick marks: the clock within a day, the date at a day's start. */
    tickMarkFormatter: (time: Time): string => {
      const ms = secondsOf(time) * 1000;
      const date = new Date(ms);
      return date.getHours() === 0 && date.getMinutes() === 0 ? day.format(ms) : clock.format(ms);
    },
  };
}

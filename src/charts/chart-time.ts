import type { Time, UTCTimestamp } from 'lightweight-charts';
import { barOpenTime, type IntervalName } from '../contract/intervals.ts';

/** Epoch ms (the wire) → the chart's UTC seconds. */
export const chartTime = (ms: number): UTCTimestamp => Math.floor(ms / 1000) as UTCTimestamp;

/** The open time of the bar holding `ms`, in chart seconds (buckets are UTC-aligned like the server's). */
export const barTimeOf = (ms: number, interval: IntervalName): UTCTimestamp => chartTime(barOpenTime(ms, interval));

const secondsOf = (time: Time): number => (typeof time === 'number' ? time : 0);

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * The chart draws UTC seconds as if they were local; these format them in the member's own time zone
 * and language instead, on the app's one 24-hour clock. The clock of the axis is written from the Date's own
 * fields: the first Intl formatter of a page loads the language's date data, a long task on a slow phone, and the
 * chart's first draw needs only hours and minutes. The date formatters are made when a label first needs one.
 */
export function localTimeFormatters(locale: string) {
  let full: Intl.DateTimeFormat | null = null;
  let day: Intl.DateTimeFormat | null = null;
  return {
    timeFormatter: (time: Time): string => {
      full ??= new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });
      return full.format(secondsOf(time) * 1000);
    },
    /** Tick marks: the clock within a day, the date at a day's start. */
    tickMarkFormatter: (time: Time): string => {
      const ms = secondsOf(time) * 1000;
      const date = new Date(ms);
      if (date.getHours() !== 0 || date.getMinutes() !== 0) return `${two(date.getHours())}:${two(date.getMinutes())}`;
      day ??= new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
      return day.format(ms);
    },
  };
}

import type { Lang } from '../../contract/primitives.ts';
import { intlLocale } from '../i18n/languages.ts';
import { memoByKey } from './memo.ts';
import { twoDigits as two } from './twoDigits.ts';

/**
 * One clock style everywhere: 24 hours in every language. vn and zn use it by custom, and en does too,
 * because a trading app shows settle times to the second and "12:00:05 AM" next to "00:00:05" reads as two clocks.
 */
const HOUR_CYCLE = 'h23';

const styles = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short', hourCycle: HOUR_CYCLE },
  date: { dateStyle: 'medium' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: HOUR_CYCLE },
  clock: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: HOUR_CYCLE },
  weekdayTime: { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: HOUR_CYCLE },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof styles;

const dateFormat = memoByKey((key) => {
  const [locale = 'en-US', style = 'dateTime', timeZone] = key.split('|');
  return new Intl.DateTimeFormat(locale, { ...styles[style as Style], ...(timeZone ? { timeZone } : {}) });
});

/** The member's own time zone unless a test pins one. */
const format = (style: Style, ms: number, lang: Lang, timeZone?: string) => dateFormat(`${intlLocale(lang)}|${style}|${timeZone ?? ''}`).format(ms);

/** Epoch milliseconds as date and time ("Jan 15, 2024, 15:05"). */
export const formatDateTime = (ms: number, lang: Lang, timeZone?: string): string => format('dateTime', ms, lang, timeZone);
/** Epoch milliseconds as a date only. */
export const formatDate = (ms: number, lang: Lang, timeZone?: string): string => format('date', ms, lang, timeZone);
/** Hours and minutes ("15:05"). */
export const formatTime = (ms: number, lang: Lang, timeZone?: string): string => format('time', ms, lang, timeZone);
const hoursMinutes = (d: Date): string => `${two(d.getHours())}:${two(d.getMinutes())}`;

/**
 * Hours, minutes and seconds ("15:05:09"), for trade, open and settle times. In the member's own zone it is
 * written from the Date's own fields: the same text in all three languages (format.test.ts compares with Intl),
 * without loading Intl's date data on the first screens that show a time.
 */
export function formatClock(ms: number, lang: Lang, timeZone?: string): string {
  if (timeZone !== undefined) return format('clock', ms, lang, timeZone);
  const d = new Date(ms);
  return `${hoursMinutes(d)}:${two(d.getSeconds())}`;
}
/** Intl's short weekdays (Sunday first) and their place beside the time, in each language. */
const WEEKDAYS: Readonly<Record<Lang, { readonly names: readonly string[]; readonly write: (day: string, time: string) => string }>> = {
  en: { names: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'], write: (day, time) => `${day} ${time}` },
  vn: { names: ['CN', 'Thứ 2', 'Thứ 3', 'Thứ 4', 'Thứ 5', 'Thứ 6', 'Thứ 7'], write: (day, time) => `${time} ${day}` },
  zn: { names: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'], write: (day, time) => `${day}${time}` },
};

/**
 * Weekday and time ("Mon 09:30"), for when a closed market opens: always within the coming week. Shown on the
 * market lists' first screen, so in the member's own zone it is written without Intl, like the clock.
 */
export function formatWeekdayTime(ms: number, lang: Lang, timeZone?: string): string {
  if (timeZone !== undefined) return format('weekdayTime', ms, lang, timeZone);
  const d = new Date(ms);
  const { names, write } = WEEKDAYS[lang];
  return write(names[d.getDay()] ?? '', hoursMinutes(d));
}

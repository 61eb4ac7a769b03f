// Limits a member sets on their own rise/fall trading (decisions.md, "The member's account"): a daily loss limit,
// a daily turnover limit, a break, the reality check's interval, and the time zone whose midnight starts the day.
// A tighter setting takes effect at once; a looser one (a higher limit, none, a shorter break, a longer interval,
// another time zone) 24 hours after it was asked for, and the answer says when.
import { z } from 'zod';
import { amountInput, epochMs, money } from './primitives.ts';

/** The reality check's interval in minutes: every 15 minutes up to 4 hours. */
export const REALITY_MINUTES = [15, 30, 45, 60, 90, 120, 180, 240] as const;
/** What a member without settings gets: the reality check is on by default. */
export const DEFAULT_REALITY_MINUTES = 60;
/** How long a break of each offered length lasts, in days. */
export const BREAK_DAYS = [1, 7, 30] as const;
/** The latest date a break may run to, counted from today. */
export const MAX_BREAK_DAYS = 5 * 366;
/** How long a looser setting waits before it takes effect. */
export const LOOSER_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * An IANA time zone name as the device reports it ("Asia/Ho_Chi_Minh", "UTC", "America/Argentina/Buenos_Aires");
 * the server also asks its database whether it knows the zone.
 */
export const timeZone = z
  .string({ error: 'field.required' })
  .min(1, 'field.required')
  .max(64, 'field.invalid')
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, 'field.invalid');

/** A date as the member's calendar says it: YYYY-MM-DD, a real day. */
export const calendarDate = z
  .string({ error: 'field.required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'field.invalid')
  .refine((s) => {
    const [y = 0, m = 0, d = 0] = s.split('-').map(Number);
    const days = new Date(Date.UTC(y, m - 1, d));
    return days.getUTCFullYear() === y && days.getUTCMonth() === m - 1 && days.getUTCDate() === d;
  }, 'field.invalid');

/** A break: for one of the offered lengths from now, up to the start of a date (the day trading is open again), or ended. */
export const breakChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('days'), days: z.literal(BREAK_DAYS) }),
  z.object({ kind: z.literal('until'), date: calendarDate }),
  z.object({ kind: z.literal('end') }),
]);
export type BreakChange = z.infer<typeof breakChange>;

/**
 * What to change; a field left out stays as it is. A limit of null removes it, a realityMinutes of null turns the
 * reality check off. timeZone is the device's zone, sent with every change (it waits like a looser setting when
 * it differs from the one in force).
 */
export const limitsSetReq = z.object({
  lossLimit: amountInput.nullable().optional(),
  turnoverLimit: amountInput.nullable().optional(),
  break: breakChange.optional(),
  realityMinutes: z.literal(REALITY_MINUTES, { error: 'field.invalid' }).nullable().optional(),
  timeZone: timeZone.optional(),
});
export type LimitsSetReq = z.infer<typeof limitsSetReq>;

/** user/limits: the device's zone, used for "today" only while the member has not set anything. */
export const limitsReq = z.object({ timeZone: timeZone.optional() });

/** A setting in force and the looser change that waits (its value, null meaning none, and when it takes effect). */
const setting = <T extends z.ZodType>(value: T) =>
  z.object({ value: value.nullable(), next: z.object({ value: value.nullable(), at: epochMs }).nullable() });

export const limitsView = z.object({
  timeZone: setting(z.string()),
  lossLimit: setting(money),
  turnoverLimit: setting(money),
  /** When the break ends (null: none now). */
  breakUntil: setting(epochMs),
  /** Minutes between reality checks (null: off). */
  realityMinutes: setting(z.number().int()),
  /** The member's day so far, by the orders placed on it (in the zone in force). */
  today: z.object({
    /** The date, YYYY-MM-DD. */
    day: z.string(),
    /** Stakes of the day's orders: what the turnover limit counts. */
    turnover: money,
    /** Result of the day's settled orders: payouts less stakes and fees (negative: a loss). */
    net: money,
    /** Stakes and fees of the day's orders still open. */
    open: money,
    /** What the loss limit counts: the day's stakes and fees less what came back, open stakes as lost. */
    loss: money,
    /** When the day's first order was placed (null: none yet). */
    firstTradeAt: epochMs.nullable(),
  }),
  serverTime: epochMs,
});
export type LimitsView = z.infer<typeof limitsView>;

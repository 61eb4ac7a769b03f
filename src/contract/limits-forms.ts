// The /limits screen's forms, tied to user/limits_set like the forms of forms.ts: the body each sends for what was
// typed, checked with the contract's schema before sending, as the server checks it.
import type { FormSpec } from './form-spec.ts';
import { limitsSetReq, type LimitsView } from './limits.ts';
import { parseCents } from '../shared/money.ts';

// What the screen offers, from the contract's one copy.
export { MAX_BREAK_DAYS, REALITY_MINUTES } from './limits.ts';

type SetPath = 'user/limits_set';
/** The device's time zone goes with every change (null: the device did not say). */
const zoned = (zone: string | null) => (zone === null ? {} : { timeZone: zone });

/** An amount field: empty is "no limit". */
const limitOf = (typed: string): string | null => (typed.trim() === '' ? null : typed.trim());
/** Whether what was typed asks for something other than the limit in force ("100" is "100.00"). */
const differs = (typed: string, current: string | null): boolean => {
  const t = limitOf(typed);
  if (t === null || current === null) return t !== current;
  const a = parseCents(t);
  return a === null || a !== parseCents(current);
};

/** The two daily limits; only a limit that differs from the one in force is sent, so a change that waits is not dropped by accident. */
export const limitAmountsForm = (view: Pick<LimitsView, 'lossLimit' | 'turnoverLimit'>, zone: string | null): FormSpec<'lossLimit' | 'turnoverLimit', SetPath> => ({
  path: 'user/limits_set',
  fields: ['lossLimit', 'turnoverLimit'],
  schema: limitsSetReq,
  body: (v) => ({
    ...(differs(v.lossLimit, view.lossLimit.value) ? { lossLimit: limitOf(v.lossLimit) } : {}),
    ...(differs(v.turnoverLimit, view.turnoverLimit.value) ? { turnoverLimit: limitOf(v.turnoverLimit) } : {}),
    ...zoned(zone),
  }),
});

/** A break's length as the form offers it: whole days, or until a date (`break.date`). */
export type BreakLength = '1' | '7' | '30' | 'until';

export const breakForm = (zone: string | null): FormSpec<'length' | 'break.date', SetPath> => ({
  path: 'user/limits_set',
  fields: ['length', 'break.date'],
  schema: limitsSetReq,
  body: (v) => ({
    break: v.length === 'until' ? { kind: 'until', date: v['break.date'] } : { kind: 'days', days: Number(v.length) as 1 },
    ...zoned(zone),
  }),
});

/** The reality check's interval: minutes, or 'off'. */
export const realityForm = (zone: string | null): FormSpec<'realityMinutes', SetPath> => ({
  path: 'user/limits_set',
  fields: ['realityMinutes'],
  schema: limitsSetReq,
  body: (v) => ({ realityMinutes: v.realityMinutes === 'off' ? null : (Number(v.realityMinutes) as 60), ...zoned(zone) }),
});

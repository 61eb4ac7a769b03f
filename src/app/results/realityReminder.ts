import type { LimitsView } from '../../contract/limits.ts';

/** What the reality check reads of user/limits. */
export type ReminderFacts = Pick<LimitsView, 'realityMinutes' | 'today' | 'serverTime'>;

export type Reminder =
  /** A reminder is due (its moment, server time): show it now. */
  | { readonly kind: 'due'; readonly at: number }
  /** The next one falls at `at` (server time), `in` ms after this answer. */
  | { readonly kind: 'later'; readonly at: number; readonly in: number };

/**
 * When the member should next be reminded of their time and result. The reminders fall every N minutes (the
 * member's interval) counted from the day's first order by the server's clock (`today.firstTradeAt`), so they
 * keep their rhythm across reloads and devices; `seen` is the latest reminder moment already shown. Null: the
 * check is off, or there is no trading today.
 */
export function nextReminder(facts: ReminderFacts, seen: number): Reminder | null {
  const minutes = facts.realityMinutes.value;
  const first = facts.today.firstTradeAt;
  if (minutes === null || first === null) return null;
  const step = minutes * 60_000;
  const passed = Math.floor((facts.serverTime - first) / step);
  const latest = first + passed * step;
  if (passed >= 1 && latest > seen) return { kind: 'due', at: latest };
  const at = first + (passed + 1) * step;
  return { kind: 'later', at, in: at - facts.serverTime };
}

import { describe, expect, it } from 'vitest';
import { nextReminder, type ReminderFacts } from './realityReminder.ts';

const MIN = 60_000;
const FIRST = 1_700_000_000_000;
const facts = (minutesSinceFirst: number, interval: number | null, first: number | null = FIRST): ReminderFacts => ({
  realityMinutes: { value: interval, next: null },
  today: { day: '2023-11-14', turnover: '0.00', net: '0.00', open: '0.00', loss: '0.00', firstTradeAt: first },
  serverTime: FIRST + minutesSinceFirst * MIN,
});

describe('nextReminder', () => {
  it('falls every interval from the day first order', () => {
    expect(nextReminder(facts(10, 15), 0)).toEqual({ kind: 'later', at: FIRST + 15 * MIN, in: 5 * MIN });
    expect(nextReminder(facts(15, 15), 0)).toEqual({ kind: 'due', at: FIRST + 15 * MIN });
    expect(nextReminder(facts(47, 15), 0)).toEqual({ kind: 'due', at: FIRST + 45 * MIN });
  });

  it('a reminder shown is not due again; the next one waits its turn', () => {
    expect(nextReminder(facts(47, 15), FIRST + 45 * MIN)).toEqual({ kind: 'later', at: FIRST + 60 * MIN, in: 13 * MIN });
  });

  it('nothing while the check is off or before the first order', () => {
    expect(nextReminder(facts(120, null), 0)).toBeNull();
    expect(nextReminder(facts(120, 60, null), 0)).toBeNull();
  });
});

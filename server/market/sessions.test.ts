import { describe, expect, it } from 'vitest';
import { isOpen, nextOpen } from './sessions.ts';

describe('nextOpen', () => {
  it.each([
    // New York: Saturday noon → Monday 09:30 EST (14:30 UTC); Tuesday 20:00 local → Wednesday 09:30.
    ['nyse', Date.UTC(2026, 10, 7, 17, 0), Date.UTC(2026, 10, 9, 14, 30)],
    ['nyse', Date.UTC(2026, 10, 4, 1, 0), Date.UTC(2026, 10, 4, 14, 30)],
    // Summer time: Monday 09:30 EDT is 13:30 UTC.
    ['nyse', Date.UTC(2026, 6, 4, 12, 0), Date.UTC(2026, 6, 6, 13, 30)],
    // Hong Kong: the lunch break ends at 13:00 local (05:00 UTC); at night it opens at 09:30 (01:30 UTC).
    ['hkex', Date.UTC(2026, 10, 3, 4, 15), Date.UTC(2026, 10, 3, 5, 0)],
    ['hkex', Date.UTC(2026, 10, 2, 14, 30, 10), Date.UTC(2026, 10, 3, 1, 30)],
    // Forex: shut from Friday 22:00 UTC to Sunday 22:00 UTC.
    ['fx', Date.UTC(2026, 10, 7, 9, 0), Date.UTC(2026, 10, 8, 22, 0)],
  ] as const)('%s at %i opens at %i, the first open minute', (session, t, expected) => {
    expect(nextOpen(session, t)).toBe(expected);
    expect(isOpen(session, expected)).toBe(true);
    expect(isOpen(session, expected - 60_000)).toBe(false);
  });

  it('is null while open and for a market that never closes', () => {
    expect(nextOpen('nyse', Date.UTC(2026, 10, 2, 15, 0))).toBeNull();
    expect(nextOpen('fx', Date.UTC(2026, 10, 6, 21, 59))).toBeNull();
    expect(nextOpen('always', Date.UTC(2026, 10, 7, 12, 0))).toBeNull();
  });

  it('gives the same answer from its cache as from the search, and a new one once the market has opened and shut', () => {
    const saturday = Date.UTC(2026, 10, 7, 17, 0);
    const monday = Date.UTC(2026, 10, 9, 14, 30);
    expect(nextOpen('nyse', saturday)).toBe(monday);
    expect(nextOpen('nyse', saturday + 3_600_000)).toBe(monday);
    // Monday after the close (16:00 EST = 21:00 UTC): Tuesday 09:30.
    expect(nextOpen('nyse', Date.UTC(2026, 10, 9, 22, 0))).toBe(Date.UTC(2026, 10, 10, 14, 30));
  });
});

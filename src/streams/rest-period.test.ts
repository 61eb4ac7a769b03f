import { describe, expect, it } from 'vitest';
import { restPeriodMs, type MarketPace } from './rest-period.ts';

const options = { baseMs: 1_000, calmMs: 3_000, closedMs: 60_000 };
const pace = (p: Partial<MarketPace>): MarketPace => ({ open: true, nextOpen: null, serverTime: 1_000_000, quiet: 0, ...p });

describe('restPeriodMs', () => {
  it('keeps the base pace while the market moves', () => {
    expect(restPeriodMs(pace({ quiet: 0 }), options)).toBe(1_000);
  });

  it('doubles with each quiet answer up to the calm pace, and is back at base with the first move', () => {
    expect([1, 2, 3, 10, 1_000].map((quiet) => restPeriodMs(pace({ quiet }), options))).toEqual([2_000, 3_000, 3_000, 3_000, 3_000]);
    expect(restPeriodMs(pace({ quiet: 0 }), options)).toBe(1_000);
  });

  it('asks a market closed by its hours once a minute, or just as it opens when that is sooner', () => {
    expect(restPeriodMs(pace({ open: false, nextOpen: 1_000_000 + 3 * 3_600_000 }), options)).toBe(60_000);
    expect(restPeriodMs(pace({ open: false, nextOpen: 1_000_000 + 12_000 }), options)).toBe(12_000);
    // Due to open already (the feed has not ticked yet): never faster than the base pace.
    expect(restPeriodMs(pace({ open: false, nextOpen: 1_000_000 - 5_000 }), options)).toBe(1_000);
  });

  it('treats a market that is shut with no known opening (a silent feed) as calm, not closed', () => {
    expect(restPeriodMs(pace({ open: false, nextOpen: null, quiet: 5 }), options)).toBe(3_000);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cycleProfitCents, dailyProfitCents, estimateEarnings } from './earnings.ts';
import { cents, fromCents as formatCents, parseCents, parseRatePpm } from './money.ts';

describe('parsing and formatting', () => {
  it.each([
    ['0', 0n], ['10', 1000n], ['10.5', 1050n], ['10.05', 1005n], [' 7.10 ', 710n], ['999999999999.99', 99999999999999n],
  ])('parses amount %s', (s, expected) => expect(parseCents(s)).toBe(expected));

  it.each(['', '-1', '1.234', '1e3', '01', 'abc', '1.', '.5', '1000000000000'])('refuses amount %j', (s) => expect(parseCents(s)).toBeNull());

  it.each([
    ['0.0035', 3500n], ['1', 1_000_000n], ['0.000001', 1n], ['0.5', 500_000n],
  ])('parses rate %s', (s, ppm) => expect(parseRatePpm(s)).toBe(ppm));

  it.each(['', '-0.1', '0.0000001', 'x', '1e-3'])('refuses rate %j', (s) => expect(parseRatePpm(s)).toBeNull());

  it('formats cents, including negatives and small amounts', () => {
    expect([formatCents(cents(0n)), formatCents(cents(5n)), formatCents(cents(1230n)), formatCents(cents(-5n))]).toEqual(['0.00', '0.05', '12.30', '-0.05']);
  });
});

describe('profit', () => {
  it('rounds each day down to the cent', () => {
    // 1234.56 × 0.0123 = 15.185088 -> 15.18
    expect(dailyProfitCents(cents(123456n), 12300n)).toBe(1518n);
    expect(cycleProfitCents(cents(123456n), 12300n, 30)).toBe(45540n);
  });

  it('never rounds up, and loses less than a cent per day', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }).map(cents), fc.bigInt({ min: 1n, max: 999_999n }), (principal, ppm) => {
        const daily = dailyProfitCents(principal, ppm);
        const exact = principal * ppm; // in cents × 1e6
        return daily * 1_000_000n <= exact && exact < (daily + 1n) * 1_000_000n;
      }),
    );
  });

  it('pays a cycle as the daily amount times the days', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }).map(cents), fc.bigInt({ min: 1n, max: 100_000n }), fc.integer({ min: 1, max: 3650 }), (p, ppm, days) =>
        cycleProfitCents(p, ppm, days) === dailyProfitCents(p, ppm) * BigInt(days),
      ),
    );
  });

  it('pays nothing for nonsense terms', () => {
    expect(dailyProfitCents(cents(0n), 5000n)).toBe(0n);
    expect(dailyProfitCents(cents(100n), 0n)).toBe(0n);
    expect(cycleProfitCents(cents(100_00n), 5000n, 0)).toBe(0n);
    expect(cycleProfitCents(cents(100_00n), 5000n, 1.5)).toBe(0n);
  });
});

describe('estimateEarnings', () => {
  it('shows daily, total and the amount back at maturity as decimal strings', () => {
    expect(estimateEarnings({ amount: '1000', dailyRate: '0.0035', cycleDays: 30 })).toEqual({
      dailyProfit: '3.50',
      totalProfit: '105.00',
      atMaturity: '1105.00',
    });
  });

  it('is exact where a float would not be', () => {
    // 0.1 + 0.2 style trap: 3 × floor(1000.10 × 0.07) = 3 × 70.00 (70.007)
    expect(estimateEarnings({ amount: '1000.10', dailyRate: '0.07', cycleDays: 3 })?.totalProfit).toBe('210.00');
  });

  it('answers null while the input is not a valid amount', () => {
    expect(estimateEarnings({ amount: '', dailyRate: '0.01', cycleDays: 7 })).toBeNull();
    expect(estimateEarnings({ amount: '12.345', dailyRate: '0.01', cycleDays: 7 })).toBeNull();
    expect(estimateEarnings({ amount: '100', dailyRate: 'abc', cycleDays: 7 })).toBeNull();
    expect(estimateEarnings({ amount: '100', dailyRate: '0.01', cycleDays: 0 })).toBeNull();
  });
});

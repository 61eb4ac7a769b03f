import { describe, expect, it } from 'vitest';
import { formatPercent, rateToPercent } from './index.ts';

describe('rates as percentages', () => {
  it('moves the decimal point in the string, never through a float', () => {
    expect(rateToPercent('0.0035')).toBe('0.35');
    expect(rateToPercent('0.10')).toBe('10');
    expect(rateToPercent('0.005')).toBe('0.5');
    expect(rateToPercent('0.000001')).toBe('0.0001');
    expect(rateToPercent('1')).toBe('100');
    expect(rateToPercent('12.3456789')).toBe('1234.56789');
    expect(rateToPercent('abc')).toBe('abc');
  });
  it('formats for the language', () => {
    expect(formatPercent('0.0035', 'en')).toBe('0.35');
    expect(formatPercent('0.0035', 'vn')).toBe('0,35');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDecimal, formatInteger, formatMoney } from './format.ts';
import { intlLocale } from './languages.ts';

describe('format', () => {
  it('maps en / vn / zn to the Intl locales en / vi / zh-CN', () => {
    expect([intlLocale('en'), intlLocale('vn'), intlLocale('zn')]).toEqual(['en', 'vi', 'zh-CN']);
  });

  it('formats money from the decimal string without losing digits to a float', () => {
    // 12345678901234567.89 is not representable as a double; a float path would change the last digits.
    expect(formatMoney('12345678901234567.89', 'en')).toBe('12,345,678,901,234,567.89');
    expect(formatMoney('0.10', 'en')).toBe('0.10');
    expect(formatMoney('-5.00', 'en')).toBe('-5.00');
    expect(formatMoney('7', 'en')).toBe('7.00');
  });

  it('uses the grouping and decimal marks of each language', () => {
    expect(formatMoney('1234567.50', 'vn')).toBe('1.234.567,50');
    expect(formatMoney('1234567.50', 'zn')).toBe('1,234,567.50');
    expect(formatInteger(1234567, 'vn')).toBe('1.234.567');
  });

  it('keeps a price at its own precision and shows a non-decimal as given', () => {
    expect(formatDecimal('0.00001234', 'en')).toBe('0.00001234');
    expect(formatDecimal('abc', 'en')).toBe('abc');
  });

  it('formats dates per language', () => {
    const ms = Date.UTC(2024, 0, 15, 12, 0);
    const en = formatDateTime(ms, 'en');
    const zn = formatDateTime(ms, 'zn');
    expect(en).toMatch(/Jan/);
    expect(en).toMatch(/2024/);
    expect(zn).toMatch(/2024年1月15日/);
    expect(formatDateTime(ms, 'vn')).not.toBe(en);
  });
});

import { describe, expect, it } from 'vitest';
import { intlLocale } from '../i18n/languages.ts';
import { formatChange, formatClock, formatDate, formatDateTime, formatDecimal, formatInteger, formatMoney, formatPrice, formatTime } from './index.ts';

describe('format', () => {
  it('maps en / vn / zn to the Intl locales en-US / vi-VN / zh-CN', () => {
    expect([intlLocale('en'), intlLocale('vn'), intlLocale('zn')]).toEqual(['en-US', 'vi-VN', 'zh-CN']);
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

  it('keeps a price at the product precision, with the language marks', () => {
    expect(formatPrice('1234.5', 4, 'en')).toBe('1,234.5000');
    expect(formatPrice('1234.5', 4, 'vn')).toBe('1.234,5000');
    expect(formatPrice('0.123456789', 2, 'zn')).toBe('0.12');
  });

  it('signs a change and never shows a minus zero', () => {
    expect(formatChange('1.2', 'en')).toBe('+1.20%');
    expect(formatChange('-3.25', 'vn')).toBe('-3,25%');
    expect(formatChange('0', 'en')).toBe('0.00%');
    expect(formatChange('-0.00', 'en')).toBe('0.00%');
  });

  it('uses one 24-hour clock in every language', () => {
    const ms = Date.UTC(2024, 0, 15, 15, 5, 9);
    expect(formatDateTime(ms, 'en', 'UTC')).toBe('Jan 15, 2024, 15:05');
    expect(formatDateTime(ms, 'vn', 'UTC')).toBe('15:05 15 thg 1, 2024');
    expect(formatDateTime(ms, 'zn', 'UTC')).toBe('2024年1月15日 15:05');
    for (const lang of ['en', 'vn', 'zn'] as const) {
      expect(formatClock(Date.UTC(2024, 0, 15, 0, 0, 5), lang, 'UTC')).toBe('00:00:05');
      expect(formatTime(ms, lang, 'UTC')).toBe('15:05');
      expect(formatDateTime(ms, lang, 'UTC')).not.toMatch(/AM|PM|SA|CH|上午|下午/);
    }
    expect(formatDate(ms, 'en', 'UTC')).toBe('Jan 15, 2024');
  });
});

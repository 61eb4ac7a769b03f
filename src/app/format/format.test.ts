import { describe, expect, it } from 'vitest';
import { intlLocale } from '../i18n/languages.ts';
import { formatChange, formatClock, formatDate, formatDateTime, formatDecimal, formatInteger, formatMoney, formatPrice, formatPriceAsWritten, formatRemaining, formatSignedMoney, formatTime, formatWeekdayTime, trendOf } from './index.ts';

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
    expect(formatChange('-0.001', 'en')).toBe('0.00%');
    expect(formatChange('-0.005', 'en')).toBe('-0.01%');
  });

  it('shows what rounds to zero without a sign, and colours it flat: "0.00", never "-0.00"', () => {
    expect(formatMoney('-0.00', 'en')).toBe('0.00');
    expect(formatDecimal('-0.001', 'vn', 0, 2)).toBe('0');
    expect(formatDecimal('-0.005', 'en', 2, 2)).toBe('-0.01');
    expect(formatSignedMoney('-0.00', 'en')).toBe('0.00');
    expect(formatSignedMoney('0', 'en')).toBe('0.00');
    expect(formatSignedMoney('12.4', 'en')).toBe('+12.40');
    expect(formatSignedMoney('-11.23', 'vn')).toBe('-11,23');
    expect(formatSignedMoney('n/a', 'en')).toBe('n/a');
    // The colour is the sign the member reads: a change shown as 0.00% is flat, not red.
    for (const [value, trend] of [['-0.001', 'flat'], ['-0.00', 'flat'], ['0.004', 'flat'], ['-0.005', 'down'], ['0.005', 'up'], ['-11.23', 'down'], ['abc', 'flat']] as const) {
      expect(trendOf(value), value).toBe(trend);
    }
    expect(trendOf('0.004', 3)).toBe('up');
  });

  it('writes a price at the precision the server sent it', () => {
    expect(formatPriceAsWritten('101.50', 'vn')).toBe('101,50');
    expect(formatPriceAsWritten('1234.5', 'en')).toBe('1,234.5');
    expect(formatPriceAsWritten('67000', 'en')).toBe('67,000');
  });

  it('writes a countdown in whole seconds, rounded up', () => {
    expect(formatRemaining(-5)).toBe('0:00');
    expect(formatRemaining(6_001)).toBe('0:07');
    expect(formatRemaining(299_000)).toBe('4:59');
    expect(formatRemaining(3_723_000)).toBe('1:02:03');
  });

  it('writes every decimal exactly as Intl.NumberFormat does (no minus zero), in each language, for any precision', () => {
    const samples = ['0', '-0', '7', '-5', '0.5', '0.05', '0.004', '0.005', '-0.005', '-0.001', '9.995', '99.995', '999.9999', '1234.5', '-1234.5678', '1000000', '12345678901234567.89', '0.00001234', '100.000', '5.55555555555'];
    // And a spread of others, the same on every run: 1 to 15 whole digits, 0 to 10 fraction digits, each digit
    // drawn from a fixed MINSTD sequence, exact in doubles: a failure is reproducible.
    let seed = 12_345;
    const digits = (count: number): string => {
      let out = '';
      for (let d = 0; d < count; d++) {
        seed = (seed * 48_271) % 2_147_483_647;
        out += String(seed % 10);
      }
      return out;
    };
    for (let i = 0; i < 400; i++) {
      const whole = digits(1 + (i % 15)).replace(/^0+(?=\d)/, '');
      const fraction = digits(i % 11);
      samples.push(`${i % 3 === 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);
    }
    for (const lang of ['en', 'vn', 'zn'] as const) {
      for (const [min, max] of [[0, 0], [0, 2], [2, 2], [0, 8], [4, 4], [1, 3]] as const) {
        const intl = new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: min, maximumFractionDigits: max, signDisplay: 'negative' });
        for (const value of samples) expect(formatDecimal(value, lang, min, max), `${value} ${lang} ${min}-${max}`).toBe(intl.format(value as `${number}`));
      }
      expect(formatInteger(1234567, lang)).toBe(new Intl.NumberFormat(intlLocale(lang)).format(1234567));
    }
  });

  it("writes the member's own clock as Intl does, in each language", () => {
    for (const lang of ['en', 'vn', 'zn'] as const) {
      const intl = new Intl.DateTimeFormat(intlLocale(lang), { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      for (const ms of [Date.UTC(2024, 0, 15, 0, 0, 5), Date.UTC(2024, 6, 1, 12, 30, 59), Date.UTC(2024, 11, 31, 23, 59, 59), Date.now()]) {
        expect(formatClock(ms, lang)).toBe(intl.format(ms));
      }
      const weekday = new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      for (let day = 0; day < 7; day++) {
        const ms = new Date(2024, 0, 14 + day, day * 3, 5 + day).getTime();
        expect(formatWeekdayTime(ms, lang)).toBe(weekday.format(ms));
      }
    }
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

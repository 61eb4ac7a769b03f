import { describe, expect, it } from 'vitest';
import type { Time } from 'lightweight-charts';
import { localTimeFormatters } from './chart-time.ts';

const at = (y: number, mo: number, d: number, h: number, mi: number): Time => (new Date(y, mo, d, h, mi).getTime() / 1000) as Time;

describe('chart time labels', () => {
  it("label the axis on the 24-hour clock in the member's zone, and a day's start with its date, in each language", () => {
    for (const locale of ['en-US', 'vi-VN', 'zh-CN']) {
      const { tickMarkFormatter, timeFormatter } = localTimeFormatters(locale);
      expect(tickMarkFormatter(at(2024, 0, 15, 15, 5))).toBe('15:05');
      expect(tickMarkFormatter(at(2024, 0, 15, 0, 30))).toBe('00:30');
      expect(tickMarkFormatter(at(2024, 0, 15, 0, 0))).toBe(new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(new Date(2024, 0, 15)));
      expect(timeFormatter(at(2024, 0, 15, 15, 5))).toMatch(/15:05/);
      expect(timeFormatter(at(2024, 0, 15, 15, 5))).not.toMatch(/AM|PM|SA|CH|上午|下午/);
    }
  });
});

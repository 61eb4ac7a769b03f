// The first view's geometry: the same first view as the full chart's, and marks round and far enough apart.
import { describe, expect, it } from 'vitest';
import type { Candle } from '../streams/messages.ts';
import { barCentre, barSpacing, boldWeight, firstInView, priceMarks, priceRange, priceToY, roundStep, timeMarks, timeStep, timeWeight } from './preview-scale.ts';

const bar = (time: number, low: number, high: number): Candle => ({ time, open: low, high, low, close: high, volume: 1 });

describe('the first view geometry', () => {
  it('puts the newest bars across the pane with two empty slots on the right', () => {
    expect(firstInView(500, 60)).toBe(440);
    expect(barSpacing(310, 60)).toBe(5);
    expect(barCentre(499, 500, 310, 5)).toBe(297.5);
    expect(firstInView(20, 60)).toBe(0);
  });

  it('rounds steps to 1, 2, 2.5 or 5 times a power of ten, never under the price step', () => {
    expect(roundStep(0.37, 0.01)).toBe(0.5);
    expect(roundStep(17, 0.01)).toBe(20);
    expect(roundStep(2.2, 0.01)).toBe(2.5);
    expect(roundStep(0.0004, 0.01)).toBe(0.01);
  });

  it('marks round prices at least the gap apart over the whole pane', () => {
    const range = priceRange([bar(0, 100, 110), bar(60_000, 95, 104)], 0.01);
    expect(range).toEqual({ low: 95, high: 110, maxVolume: 1 });
    const marks = priceMarks(range, 250, 30, 2);
    expect(marks.length).toBeGreaterThan(3);
    for (let i = 1; i < marks.length; i++) {
      const apart = priceToY(marks[i - 1] ?? 0, range, 250) - priceToY(marks[i] ?? 0, range, 250);
      expect(apart).toBeGreaterThanOrEqual(30);
    }
    expect(marks.every((price) => Number.isInteger(price))).toBe(true);
    expect(priceToY(110, range, 250)).toBe(25);
  });

  it('opens a flat range a little', () => {
    expect(priceRange([bar(0, 100, 100)], 0.01)).toEqual({ low: 99.95, high: 100.05, maxVolume: 1 });
  });

  it('labels whole steps of bars far enough apart', () => {
    expect(timeStep(60_000, 5, 70)).toBe(15 * 60_000);
    expect(timeStep(3_600_000, 5, 70)).toBe(24 * 3_600_000);
    const bars = Array.from({ length: 40 }, (_, i) => bar(i * 60_000, 1, 2));
    expect(timeMarks(bars, 10, 15 * 60_000)).toEqual([15, 30]);
  });

  it('ranks round times as the full chart does, and bolds the roundest in view, an hour at most within a day', () => {
    const at = (iso: string): number => Date.parse(iso);
    expect(timeWeight(at('2026-01-01T00:00:00Z'))).toBe(70);
    expect(timeWeight(at('2026-03-01T00:00:00Z'))).toBe(60);
    expect(timeWeight(at('2026-03-02T00:00:00Z'))).toBe(50);
    expect(timeWeight(at('2026-03-02T06:00:00Z'))).toBe(32);
    expect(timeWeight(at('2026-03-02T01:00:00Z'))).toBe(30);
    expect(timeWeight(at('2026-03-02T01:30:00Z'))).toBe(22);
    expect(timeWeight(at('2026-03-02T01:35:00Z'))).toBe(21);
    expect(timeWeight(at('2026-03-02T01:36:00Z'))).toBe(20);
    expect(boldWeight([22, 30, 22])).toBe(30);
    expect(boldWeight([30, 32, 30])).toBe(30);
    expect(boldWeight([30, 50])).toBe(50);
  });
});

// The chart's fonts are warmed one per task, before the chart is built, and once per family in a page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartFonts, warmChartFonts } from './chart-fonts.ts';

afterEach(() => vi.restoreAllMocks());

/** Records each font a canvas measures in, in order. */
function spyMeasures(): string[] {
  const measured: string[] = [];
  const real = CanvasRenderingContext2D.prototype.measureText;
  vi.spyOn(CanvasRenderingContext2D.prototype, 'measureText').mockImplementation(function (this: CanvasRenderingContext2D, text: string) {
    measured.push(this.font);
    return real.call(this, text);
  });
  return measured;
}

describe('warmChartFonts', () => {
  it('measures in each of the chart fonts, one per task, then stops', () => {
    const measured = spyMeasures();
    const steps: (() => void)[] = [];
    warmChartFonts('Georgia, serif', (step) => steps.push(step));
    // The first font in the calling task, the next one left for a later task.
    expect(measured).toHaveLength(1);
    expect(steps).toHaveLength(1);
    steps.shift()?.();
    expect(measured).toHaveLength(2);
    expect(steps).toHaveLength(0);
    // The canvas normalises the font string; each of the chart's fonts was set, in the chart's order.
    const probe = document.createElement('canvas').getContext('2d');
    const expected = chartFonts('Georgia, serif').map((font) => {
      if (probe) probe.font = font;
      return probe?.font;
    });
    expect(measured).toEqual(expected);
  });

  it('warms a family once in a page', () => {
    const measured = spyMeasures();
    const steps: (() => void)[] = [];
    warmChartFonts('Verdana, sans-serif', (step) => steps.push(step));
    steps.shift()?.();
    warmChartFonts('Verdana, sans-serif', (step) => steps.push(step));
    expect(measured).toHaveLength(2);
    expect(steps).toHaveLength(0);
  });
});

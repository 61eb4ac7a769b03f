// A real lightweight-charts instance in Chromium (360×640): history goes in once with setData, every live
// delta with update(), and order marks are diffed.
import type { BarPrice } from 'lightweight-charts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '../streams/messages.ts';
import { createCandleChart, type CandleChart } from './candle-chart.ts';

const theme = { background: '#0f141a', text: '#e8edf2', grid: '#2c3845', up: '#17c784', down: '#f0475a', fontFamily: 'Georgia, serif' };
const candle = (minute: number, close: number): Candle => ({ time: minute * 60_000, open: 1, high: Math.max(1, close), low: 1, close, volume: 5 });
const history = Array.from({ length: 120 }, (_, i) => candle(i, 1 + i / 100));

let chart: CandleChart | null = null;
let box: HTMLDivElement | null = null;
afterEach(() => {
  chart?.dispose();
  box?.remove();
  chart = null;
  box = null;
});

/** Frames the test runs by hand, so "once per frame" is exact. */
let frames: (() => void)[] = [];
const nextFrame = (): void => {
  const due = frames;
  frames = [];
  for (const run of due) run();
};

function mount(): CandleChart {
  box = document.createElement('div');
  box.style.cssText = 'width: 340px; height: 260px';
  document.body.append(box);
  frames = [];
  chart = createCandleChart(box, { theme, locale: 'en', decimals: 2, requestFrame: (run) => void frames.push(run) });
  return chart;
}

describe('createCandleChart', () => {
  it('sets history once, then calls update() once per frame per bar with its latest value, never setData', () => {
    const c = mount();
    const setCandles = vi.spyOn(c.candles, 'setData');
    const updateCandles = vi.spyOn(c.candles, 'update');
    const setVolume = vi.spyOn(c.volume, 'setData');
    const updateVolume = vi.spyOn(c.volume, 'update');

    c.apply({ kind: 'reset', interval: '1m', bars: history });
    expect(setCandles).toHaveBeenCalledTimes(1);
    expect(setVolume).toHaveBeenCalledTimes(1);
    expect(c.candles.data()).toHaveLength(120);

    for (let i = 0; i < 10; i++) c.apply({ kind: 'update', bar: candle(119, 2 + i / 10) });
    c.apply({ kind: 'append', bar: candle(120, 3) });
    c.apply({ kind: 'update', bar: candle(120, 3.5) });
    // Nothing is drawn until the frame, and one frame was asked for, not twelve.
    expect(updateCandles).toHaveBeenCalledTimes(0);
    expect(frames).toHaveLength(1);
    nextFrame();

    expect(setCandles).toHaveBeenCalledTimes(1);
    expect(setVolume).toHaveBeenCalledTimes(1);
    // Bar 119's last value, then bar 120's: two bars, one update() each per series.
    expect(updateCandles).toHaveBeenCalledTimes(2);
    expect(updateVolume).toHaveBeenCalledTimes(2);
    const data = c.candles.data();
    expect(data).toHaveLength(121);
    expect(data.at(-1)).toMatchObject({ time: 7200, close: 3.5 });
    expect(data.at(-2)).toMatchObject({ time: 7140, close: 2.9 });

    c.apply({ kind: 'update', bar: candle(120, 3.6) });
    nextFrame();
    expect(updateCandles).toHaveBeenCalledTimes(3);
    expect(c.candles.data().at(-1)).toMatchObject({ time: 7200, close: 3.6 });
  });

  it('drops live bars that a reset arrives after, and never draws a bar older than the last', () => {
    const c = mount();
    c.apply({ kind: 'reset', interval: '1m', bars: history });
    c.apply({ kind: 'update', bar: candle(119, 9) });
    c.apply({ kind: 'reset', interval: '1h', bars: [candle(0, 1), candle(60, 2)] });
    nextFrame();
    expect(c.candles.data().at(-1)).toMatchObject({ time: 3600, close: 2 });
    const updateCandles = vi.spyOn(c.candles, 'update');
    c.apply({ kind: 'update', bar: candle(0, 5) });
    nextFrame();
    expect(updateCandles).not.toHaveBeenCalled();
  });

  it('switches interval with one reset (setData), replacing the bars', () => {
    const c = mount();
    c.apply({ kind: 'reset', interval: '1m', bars: history });
    const setCandles = vi.spyOn(c.candles, 'setData');
    const hourly = [candle(0, 1), candle(60, 2), candle(120, 3)];
    c.apply({ kind: 'reset', interval: '1h', bars: hourly });
    expect(setCandles).toHaveBeenCalledTimes(1);
    expect(c.candles.data().map((d) => d.time)).toEqual([0, 3600, 7200]);
  });

  it("puts a reset's newest bars in first, and the older ones once the view nears them, keeping the same bars in view", async () => {
    const c = mount();
    const long = Array.from({ length: 500 }, (_, i) => candle(i, 1 + i / 1000));
    c.apply({ kind: 'reset', interval: '1m', bars: long });
    // Twice the 60 bars shown.
    expect(c.candles.data()).toHaveLength(120);
    expect(c.volume.data()).toHaveLength(120);
    expect(c.candles.data()[0]).toMatchObject({ time: 380 * 60 });
    // The view shows the newest bars, well clear of the first one in the chart.
    expect(c.chart.timeScale().getVisibleLogicalRange()?.from).toBeGreaterThan(50);
    c.apply({ kind: 'update', bar: candle(499, 7) });
    nextFrame();

    // The member swipes back to 5 bars from the first one in the chart.
    c.chart.timeScale().setVisibleLogicalRange({ from: 5, to: 67 });
    // The chart tells of the new range (and the adapter asks for a frame) once it has taken it.
    await expect.poll(() => frames.length).toBe(1);
    const before = c.chart.timeScale().getVisibleLogicalRange();
    expect(before?.from).toBeLessThan(10);
    const firstInView = c.candles.data()[Math.ceil(before?.from ?? NaN)]?.time;
    nextFrame();
    const data = c.candles.data();
    expect(data).toHaveLength(500);
    expect(c.volume.data()).toHaveLength(500);
    expect(data.map((d) => d.time)).toEqual(long.map((bar) => bar.time / 1000));
    // The live value is kept, and the view still starts at the same bar.
    expect(data.at(-1)).toMatchObject({ close: 7 });
    const after = c.chart.timeScale().getVisibleLogicalRange();
    expect(after?.from).toBeCloseTo((before?.from ?? NaN) + 380, 6);
    expect(after?.to).toBeCloseTo((before?.to ?? NaN) + 380, 6);
    expect(data[Math.ceil(after?.from ?? NaN)]?.time).toBe(firstInView);

    // Another reset of this interval (a resume) keeps every bar in: the member is looking at old ones.
    c.apply({ kind: 'reset', interval: '1m', bars: long });
    expect(c.candles.data()).toHaveLength(500);
    // A switch starts again from the newest bars.
    c.apply({ kind: 'reset', interval: '5m', bars: long });
    expect(c.candles.data()).toHaveLength(120);
  });

  it("drops a join of older bars that a reset arrives before (those bars are the old interval's)", async () => {
    const c = mount();
    const long = Array.from({ length: 500 }, (_, i) => candle(i, 1));
    c.apply({ kind: 'reset', interval: '1m', bars: long });
    c.chart.timeScale().setVisibleLogicalRange({ from: 0, to: 62 });
    await expect.poll(() => frames.length).toBe(1);
    c.apply({ kind: 'reset', interval: '5m', bars: long.slice(0, 200) });
    nextFrame();
    expect(c.candles.data()).toHaveLength(120);
    expect(c.candles.data()[0]).toMatchObject({ time: 80 * 60 });
  });

  it('puts every bar in at once when asked to (firstBars: Infinity)', () => {
    box = document.createElement('div');
    box.style.cssText = 'width: 340px; height: 260px';
    document.body.append(box);
    chart = createCandleChart(box, { theme, locale: 'en', decimals: 2, firstBars: Infinity });
    chart.apply({ kind: 'reset', interval: '1m', bars: Array.from({ length: 500 }, (_, i) => candle(i, 1)) });
    expect(chart.candles.data()).toHaveLength(500);
  });

  it('lets a vertical swipe scroll the page and follows its box size', async () => {
    const c = mount();
    const options = c.chart.options();
    expect(options.handleScroll).toMatchObject({ vertTouchDrag: false, mouseWheel: false });
    expect(c.chart.autoSizeActive()).toBe(true);
    // Its labels are in the page's face (the theme's), not the library's own list.
    expect(options.layout.fontFamily).toBe('Georgia, serif');
    box?.style.setProperty('width', '300px');
    await expect.poll(() => c.chart.paneSize().width, { timeout: 2_000 }).toBeLessThan(300);
  });

  it("writes the axis's prices at the product's precision with the member's decimal mark", () => {
    box = document.createElement('div');
    box.style.cssText = 'width: 340px; height: 260px';
    document.body.append(box);
    chart = createCandleChart(box, { theme, locale: 'vi-VN', decimals: 2, decimalMark: ',' });
    const format = chart.chart.options().localization.priceFormatter;
    expect(format?.(67254.031 as BarPrice)).toBe('67254,03');
    expect(format?.(1.5 as BarPrice)).toBe('1,50');
  });

  it('writes a point when no decimal mark is given, as the library does', () => {
    const format = mount().chart.options().localization.priceFormatter;
    expect(format?.(0.12358 as BarPrice)).toBe('0.12');
  });

  it('draws an open-price line per open order and removes it when the order settles', () => {
    const c = mount();
    c.apply({ kind: 'reset', interval: '1m', bars: history });
    const createLine = vi.spyOn(c.candles, 'createPriceLine');
    const removeLine = vi.spyOn(c.candles, 'removePriceLine');
    const mark = { id: 1, direction: 'rise' as const, openPrice: 1.5, openTime: 100 * 60_000, settleTime: 101 * 60_000 };
    c.setOrderMarks([mark, { ...mark, id: 2, direction: 'fall', openPrice: 1.6 }]);
    expect(createLine).toHaveBeenCalledTimes(2);
    expect(c.candles.priceLines()).toHaveLength(2);
    c.setOrderMarks([mark, { ...mark, id: 2, direction: 'fall', openPrice: 1.6 }]);
    expect(createLine).toHaveBeenCalledTimes(2);
    c.setOrderMarks([mark]);
    expect(removeLine).toHaveBeenCalledTimes(1);
    expect(c.candles.priceLines().map((l) => l.options().price)).toEqual([1.5]);
  });
});

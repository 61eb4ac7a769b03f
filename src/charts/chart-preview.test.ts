// The first view in Chromium (a 360×280 box): it draws the bars it is given, follows live deltas, never an older bar,
// keeps a bounded history, and hands every bar over to the full chart.
import { afterEach, describe, expect, it } from 'vitest';
import type { Candle } from '../streams/messages.ts';
import { createChartPreview, type ChartPreview } from './chart-preview.ts';

const theme = { background: '#ffffff', text: '#333333', grid: '#dddddd', up: '#00ff00', down: '#ff0000', fontFamily: 'sans-serif' };
const MINUTE = 60_000;
const rising = (minute: number, price = 100 + minute / 10): Candle => ({ time: minute * MINUTE, open: price, high: price + 1, low: price - 1, close: price + 0.5, volume: 5 });
const falling = (minute: number, price: number): Candle => ({ time: minute * MINUTE, open: price, high: price + 1, low: price - 1, close: price - 0.5, volume: 5 });
const history = Array.from({ length: 120 }, (_, i) => rising(i));

let view: ChartPreview | null = null;
let box: HTMLDivElement | null = null;
afterEach(() => {
  view?.dispose();
  box?.remove();
  view = null;
  box = null;
});

function mount(): { view: ChartPreview; canvas: () => HTMLCanvasElement } {
  box = document.createElement('div');
  box.style.cssText = 'width:360px;height:280px';
  document.body.append(box);
  view = createChartPreview(box, { theme, locale: 'en-US', decimals: 2 });
  const node = box;
  return {
    view,
    canvas: () => {
      const canvas = node.querySelector('canvas');
      if (!canvas) throw new Error('no canvas');
      return canvas;
    },
  };
}

const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
/** Two frames: the one whose layout reports the box's size (the view then asks for a frame), and the view's own. */
const settled = async (): Promise<void> => {
  await frame();
  await frame();
};

/** Pixels of exactly this colour (the candles' bodies and wicks are opaque; the volume is half transparent). */
function count(canvas: HTMLCanvasElement, hex: string): number {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no context');
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let found = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255) found++;
  return found;
}

describe('the chart first view', () => {
  it('draws nothing before its first bars, then the bars at the box size in device pixels', async () => {
    const { view, canvas } = mount();
    await settled();
    expect(count(canvas(), theme.background)).toBe(0);
    view.apply({ kind: 'reset', interval: '1m', bars: history });
    await expect.poll(() => count(canvas(), theme.up)).toBeGreaterThan(100);
    expect(canvas().width).toBe(Math.round(360 * devicePixelRatio));
    expect(count(canvas(), theme.down)).toBe(0);
  });

  it('follows live deltas, and draws no bar older than its last', async () => {
    const { view, canvas } = mount();
    view.apply({ kind: 'reset', interval: '1m', bars: history });
    view.apply({ kind: 'update', bar: falling(119, 112) });
    await expect.poll(() => count(canvas(), theme.down)).toBeGreaterThan(0);
    const downAfterUpdate = count(canvas(), theme.down);
    view.apply({ kind: 'update', bar: falling(50, 90) });
    expect(view.series()?.bars[50]).toEqual(history[50]);
    view.apply({ kind: 'append', bar: falling(120, 112) });
    expect(view.series()?.bars.length).toBe(121);
    await expect.poll(() => count(canvas(), theme.down)).toBeGreaterThan(downAfterUpdate);
  });

  it('keeps at most a thousand bars, the newest', () => {
    const { view } = mount();
    view.apply({ kind: 'reset', interval: '1m', bars: history });
    for (let minute = 120; minute < 1300; minute++) view.apply({ kind: 'append', bar: rising(minute) });
    const bars = view.series()?.bars ?? [];
    expect(bars.length).toBe(1000);
    expect(bars[bars.length - 1]?.time).toBe(1299 * MINUTE);
  });

  it('hands over its interval and bars, none before its first reset', () => {
    const { view } = mount();
    expect(view.series()).toBeNull();
    view.apply({ kind: 'append', bar: rising(0) });
    expect(view.series()).toBeNull();
    view.apply({ kind: 'reset', interval: '5m', bars: history });
    view.apply({ kind: 'append', bar: rising(120) });
    expect(view.series()).toEqual({ interval: '5m', bars: [...history, rising(120)] });
  });

  it('draws my open orders: a line at each open price in its direction colour', async () => {
    const { view, canvas } = mount();
    view.apply({ kind: 'reset', interval: '1m', bars: history });
    await expect.poll(() => count(canvas(), theme.up)).toBeGreaterThan(0);
    expect(count(canvas(), theme.down)).toBe(0);
    view.setOrderMarks([{ id: 1, direction: 'fall', openPrice: 105, openTime: 60 * MINUTE, settleTime: 61 * MINUTE }]);
    await expect.poll(() => count(canvas(), theme.down)).toBeGreaterThan(50);
  });

  it('leaves the box empty when disposed', () => {
    const { view } = mount();
    view.dispose();
    expect(box?.querySelector('canvas')).toBeNull();
  });
});

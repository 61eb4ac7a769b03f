// One chart built as /xq builds it (the adapter, 500 bars of 1 minute, the app's own stylesheet and chart theme),
// when the bench calls `labDraw()`. `?first=all` puts every bar in at once (the plain way); without it the adapter puts
// its newest bars in first. `?view=first` draws the screen's first view (`chart-preview.ts`) instead of the library.
import '../../../src/app/styles/base.css';
import { chartTheme } from '../../../src/app/market/chartTheme.ts';
import { createCandleChart } from '../../../src/charts/candle-chart.ts';
import { createChartPreview } from '../../../src/charts/chart-preview.ts';
import type { Candle } from '../../../src/streams/messages.ts';
import type { LabResult } from '../lab-result.ts';

declare global {
  interface Window {
    labDraw?: () => Promise<LabResult>;
  }
}

const BARS = 500;
const MINUTE = 60_000;
const FRAMES = 10;
const last = Math.floor(Date.now() / MINUTE) * MINUTE;
// A wave: the bench measures drawing, and the same shape in every run keeps the runs alike.
const bars: Candle[] = Array.from({ length: BARS }, (_, i) => {
  const open = 100 + 3 * Math.sin(i / 7);
  return { time: last - (BARS - 1 - i) * MINUTE, open, high: open + 1, low: open - 1, close: open + 0.5, volume: 10 + (i % 13) };
});
const query = new URLSearchParams(location.search);
const all = query.get('first') === 'all';
const firstView = query.get('view') === 'first';
const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

window.labDraw = async () => {
  const box = document.getElementById('chart');
  if (!box) throw new Error('no chart box');
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const start = performance.now();
  const options = { theme: chartTheme(), locale: 'en', decimals: 2 };
  const chart = firstView ? createChartPreview(box, options) : createCandleChart(box, { ...options, ...(all ? { firstBars: Infinity } : {}) });
  chart.apply({ kind: 'reset', interval: '1m', bars });
  const buildMs = performance.now() - start;
  for (let i = 0; i < FRAMES; i++) await nextFrame();
  for (const entry of observer.takeRecords()) longest = Math.max(longest, entry.duration);
  observer.disconnect();
  return { buildMs, longestTaskMs: longest, barsIn: 'candles' in chart ? chart.candles.data().length : (chart.series()?.bars.length ?? 0) };
};

// The chart's first view: the newest bars, the volume, the price and time axes, the last price and my open orders,
// drawn on one canvas with a few dozen calls per frame. The full chart (lightweight-charts, `candle-chart.ts`) replaces
// it when the member reaches for the chart: a member who only watches never downloads, evaluates or lays out the
// library, whose first frame alone was a long task on a slow phone. No lightweight-charts import here, types aside.
import type { IntervalName } from '../streams/inputs.ts';
import type { Candle, CandleDelta } from '../streams/messages.ts';
import { axisPriceFormatter, VISIBLE_BARS, type ChartTheme } from './chart-look.ts';
import { localTimeFormatters } from './chart-time.ts';
import type { OrderMark } from './order-marks.ts';
import { drawPreview } from './preview-draw.ts';

export interface ChartPreviewOptions {
  readonly theme: ChartTheme;
  /** BCP 47 locale for the time axis. */
  readonly locale: string;
  /** Decimals of the product's prices. */
  readonly decimals: number;
  /** The member's decimal mark ('.' when not given). */
  readonly decimalMark?: string;
  /** Bars in view. */
  readonly visibleBars?: number;
}

export interface ChartPreview {
  /** A reset replaces the bars; an append or update changes the last one (an older bar is never drawn). */
  apply(delta: CandleDelta): void;
  setOrderMarks(marks: readonly OrderMark[]): void;
  /** The interval and every bar kept, for the full chart that takes over; null before the first reset. */
  series(): { readonly interval: IntervalName; readonly bars: readonly Candle[] } | null;
  dispose(): void;
}

/** Bars kept (the worker sends at most 500 in a reset); past this the oldest go. */
const MAX_BARS = 1000;

export function createChartPreview(container: HTMLElement, options: ChartPreviewOptions): ChartPreview {
  const scene = {
    theme: options.theme,
    decimals: options.decimals,
    shown: options.visibleBars ?? VISIBLE_BARS,
    formatPrice: axisPriceFormatter(options.decimals, options.decimalMark ?? '.'),
    formatTime: localTimeFormatters(options.locale).tickMarkFormatter,
  };
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:100%;height:100%';
  // The canvas's pixels say nothing to a screen reader: the panel names the chart, and the prices are in the page.
  canvas.setAttribute('aria-hidden', 'true');
  container.append(canvas);
  const context = canvas.getContext('2d');

  let interval: IntervalName | null = null;
  let bars: Candle[] = [];
  let orders: readonly OrderMark[] = [];
  let size: { width: number; height: number } | null = null;
  let frame = 0;
  let disposed = false;

  const invalidate = (): void => {
    if (frame === 0 && !disposed) frame = requestAnimationFrame(draw);
  };
  // The observer reports the box after layout, in the frame: no layout is forced to read it.
  const observer = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    if (!box) return;
    size = { width: box.width, height: box.height };
    invalidate();
  });
  observer.observe(container);

  function draw(): void {
    frame = 0;
    if (disposed || context === null || size === null || interval === null || bars.length === 0) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(size.width * ratio);
    const height = Math.round(size.height * ratio);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    drawPreview(context, { ...scene, interval, bars, orders, width: size.width, height: size.height, ratio });
  }

  const keep = (bar: Candle): void => {
    const last = bars[bars.length - 1];
    if (last && bar.time < last.time) return;
    if (last && bar.time === last.time) bars[bars.length - 1] = bar;
    else {
      bars.push(bar);
      if (bars.length > MAX_BARS) bars.splice(0, bars.length - MAX_BARS);
    }
  };

  return {
    apply(delta) {
      if (delta.kind === 'reset') {
        interval = delta.interval;
        bars = delta.bars.slice(-MAX_BARS);
      } else if (interval !== null) keep(delta.bar);
      invalidate();
    },
    setOrderMarks(next) {
      orders = next;
      invalidate();
    },
    series: () => (interval === null ? null : { interval, bars }),
    dispose() {
      disposed = true;
      if (frame !== 0) cancelAnimationFrame(frame);
      observer.disconnect();
      canvas.remove();
    },
  };
}

// The chart's first view: the newest bars, the volume, the price and time axes, the last price and my open orders,
// drawn on one canvas with a few dozen calls per frame. The full chart (lightweight-charts, `candle-chart.ts`) replaces
// it when the member reaches for the chart: a member who only watches never downloads, evaluates or lays out the
// library, whose first frame alone was a long task on a slow phone. No lightweight-charts import here, types aside.
import type { IntervalName } from '../streams/inputs.ts';
import type { Candle, CandleDelta } from '../streams/messages.ts';
import { axisPriceFormatter, FONT_SIZE, VISIBLE_BARS, type ChartTheme } from './chart-look.ts';
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
  let context: CanvasRenderingContext2D | null = null;

  let interval: IntervalName | null = null;
  let bars: Candle[] = [];
  let orders: readonly OrderMark[] = [];
  let size: { width: number; height: number } | null = null;
  let frame = 0;
  let readying = 0;
  let disposed = false;

  /** Sizes the canvas to the box in device pixels; false when there is nothing to draw on. */
  const fit = (): boolean => {
    context ??= canvas.getContext('2d');
    if (context === null || size === null) return false;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(size.width * ratio);
    const height = Math.round(size.height * ratio);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    return true;
  };
  // The canvas's first use makes its context, its pixels and each face's first measure: more than a whole frame of
  // drawing, and it came in the frame of the first bars, beside the page's layout and commit. Done as soon as the
  // box's size is known (the bars come later), in two short tasks, it leaves that frame only the drawing. Nothing is
  // drawn: the box shows what it showed. The time axis writes a day's start in bold, so both faces are looked up.
  const readySteps: readonly ((ctx: CanvasRenderingContext2D) => void)[] = [
    (ctx) => ctx.clearRect(0, 0, 1, 1), // its pixels (`fit` makes the context and sizes it before each step)
    (ctx) => {
      for (const weight of ['', 'bold ']) {
        ctx.font = `${weight}${FONT_SIZE}px ${scene.theme.fontFamily}`;
        ctx.measureText('0');
      }
    },
  ];
  const ready = (step: number): void => {
    readying = 0;
    const next = readySteps[step];
    if (disposed || next === undefined || !fit() || context === null) return;
    next(context);
    readying = window.setTimeout(ready, 0, step + 1);
  };

  const invalidate = (): void => {
    if (frame === 0 && !disposed) frame = requestAnimationFrame(draw);
  };
  // The observer reports the box after layout, in the frame: no layout is forced to read it.
  const observer = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    if (!box) return;
    size = { width: box.width, height: box.height };
    if (readying === 0 && !disposed) readying = window.setTimeout(ready, 0, 0);
    invalidate();
  });
  observer.observe(container);

  function draw(): void {
    frame = 0;
    if (disposed || size === null || interval === null || bars.length === 0 || !fit() || context === null) return;
    drawPreview(context, { ...scene, interval, bars, orders, width: size.width, height: size.height, ratio: window.devicePixelRatio || 1 });
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
      if (readying !== 0) clearTimeout(readying);
      observer.disconnect();
      canvas.remove();
    },
  };
}

// The chart's first view: the newest bars, the volume, the price and time axes, the last price and my open orders,
// drawn on one canvas with a few dozen calls per frame. The full chart (lightweight-charts, `candle-chart.ts`) replaces
// it when the member reaches for the chart: a member who only watches never downloads, evaluates or lays out the
// library, whose first frame alone was a long task on a slow phone. No lightweight-charts import here, types aside.
import { barOpenTime, INTERVAL_MS } from '../contract/intervals.ts';
import type { IntervalName } from '../streams/inputs.ts';
import type { Candle, CandleDelta } from '../streams/messages.ts';
import { axisPriceFormatter, FONT_SIZE, isRising, VISIBLE_BARS, volumeColor, type ChartTheme } from './chart-look.ts';
import { chartTime, localTimeFormatters } from './chart-time.ts';
import type { OrderMark } from './order-marks.ts';
import { barCentre, barView, priceMarks, priceRange, priceToY, timeMarks, timeStep, volumeToY } from './preview-scale.ts';

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
/** The full chart's axis sizes for a 12 px font: its label, border, tick and padding widths. */
const PRICE_AXIS_PADDING = 21;
const PRICE_LABEL_INSET = 11;
const TIME_AXIS_HEIGHT = 28;
const TIME_LABEL_TOP = 9;
/** Labels at least this far apart: the full chart's price marks (2.5 font heights), a time label and a gap. */
const PRICE_MARK_GAP = 2.5 * FONT_SIZE;
const TIME_MARK_GAP = 70;
const LABEL_BOX_HEIGHT = FONT_SIZE + 5;

/** Black or white, whichever reads on `color` (a #rrggbb colour; white otherwise), as the full chart picks. */
function labelTextOn(color: string): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color);
  if (!hex) return '#ffffff';
  const [r, g, b] = [hex[1], hex[2], hex[3]].map((part) => parseInt(part ?? '0', 16)) as [number, number, number];
  return 0.199 * r + 0.687 * g + 0.114 * b > 160 ? '#000000' : '#ffffff';
}

export function createChartPreview(container: HTMLElement, options: ChartPreviewOptions): ChartPreview {
  const { theme, decimals } = options;
  const shown = options.visibleBars ?? VISIBLE_BARS;
  const formatPrice = axisPriceFormatter(decimals, options.decimalMark ?? '.');
  const { tickMarkFormatter } = localTimeFormatters(options.locale);
  const minMove = 1 / 10 ** decimals;
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
    if (disposed || context === null || size === null || bars.length === 0 || size.width <= 0 || size.height <= TIME_AXIS_HEIGHT) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = size;
    const bitmapWidth = Math.round(width * ratio);
    const bitmapHeight = Math.round(height * ratio);
    if (canvas.width !== bitmapWidth) canvas.width = bitmapWidth;
    if (canvas.height !== bitmapHeight) canvas.height = bitmapHeight;
    const px = (value: number): number => Math.round(value * ratio);
    const line = Math.max(1, Math.floor(ratio));
    const ctx = context;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = theme.background;
    ctx.fillRect(0, 0, bitmapWidth, bitmapHeight);
    ctx.font = `${FONT_SIZE}px ${theme.fontFamily}`;

    const paneHeight = height - TIME_AXIS_HEIGHT;
    const view = barView(bars.length, 1, shown);
    const inView = bars.slice(view.first);
    const last = bars[bars.length - 1];
    if (!last) return;
    const range = priceRange(inView, minMove);
    const marks = priceMarks(range, paneHeight, PRICE_MARK_GAP, decimals);
    const labels = marks.map(formatPrice);
    let labelWidth = 0;
    for (const label of [...labels, formatPrice(last.close), ...orders.map((o) => formatPrice(o.openPrice))]) labelWidth = Math.max(labelWidth, ctx.measureText(label).width);
    // Even, as the full chart makes it.
    const axisWidth = 2 * Math.ceil((labelWidth + PRICE_AXIS_PADDING) / 2);
    const paneWidth = width - axisWidth;
    const { spacing } = barView(bars.length, paneWidth, shown);
    const x = (index: number): number => barCentre(index, bars.length, paneWidth, spacing);
    const y = (price: number): number => priceToY(price, range, paneHeight);
    const within = (at: number): boolean => at >= 0 && at <= paneHeight;

    // The grid: a line at each price mark, and at each labelled time.
    const step = timeStep(INTERVAL_MS[interval ?? '1m'], spacing, TIME_MARK_GAP);
    const times = timeMarks(bars, view.first, step);
    ctx.fillStyle = theme.grid;
    for (const price of marks) if (within(y(price))) ctx.fillRect(0, px(y(price)), px(paneWidth), line);
    for (const index of times) ctx.fillRect(px(x(index)), 0, line, px(paneHeight));

    // Volume, then candles over it.
    const body = Math.max(1, Math.floor(spacing * 0.8 * ratio));
    for (let i = view.first; i < bars.length; i++) {
      const bar = bars[i];
      if (!bar) continue;
      const centre = px(x(i));
      ctx.fillStyle = volumeColor(bar, theme);
      const top = px(volumeToY(bar.volume, range.maxVolume, paneHeight));
      ctx.fillRect(centre - (body >> 1), top, body, px(paneHeight) - top);
    }
    for (let i = view.first; i < bars.length; i++) {
      const bar = bars[i];
      if (!bar) continue;
      const centre = px(x(i));
      ctx.fillStyle = isRising(bar) ? theme.up : theme.down;
      const high = px(y(bar.high));
      ctx.fillRect(centre - (line >> 1), high, line, Math.max(line, px(y(bar.low)) - high));
      const top = px(y(Math.max(bar.open, bar.close)));
      ctx.fillRect(centre - (body >> 1), top, body, Math.max(line, px(y(Math.min(bar.open, bar.close))) - top));
    }

    // The last price and my open orders: dashed lines across the pane, markers where each order opened and settles.
    const dashed = (price: number, color: string): void => {
      const at = px(y(price));
      ctx.fillStyle = color;
      for (let from = 0; from < px(paneWidth); from += 4 * line) ctx.fillRect(from, at, 2 * line, line);
    };
    const lastColor = isRising(last) ? theme.up : theme.down;
    dashed(last.close, lastColor);
    const indexAt = new Map<number, number>();
    for (let i = view.first; i < bars.length; i++) indexAt.set(bars[i]?.time ?? 0, i);
    for (const order of orders) {
      const color = order.direction === 'rise' ? theme.up : theme.down;
      dashed(order.openPrice, color);
      if (interval === null) continue;
      const opened = indexAt.get(barOpenTime(order.openTime, interval));
      const openBar = opened === undefined ? undefined : bars[opened];
      if (opened !== undefined && openBar) marker(ctx, px(x(opened)), order.direction === 'rise' ? px(y(openBar.low)) + px(6) : px(y(openBar.high)) - px(6), order.direction, color, ratio);
      const settled = indexAt.get(barOpenTime(order.settleTime, interval));
      const settleBar = settled === undefined ? undefined : bars[settled];
      if (settled !== undefined && settleBar) {
        ctx.beginPath();
        ctx.arc(px(x(settled)), px(y((settleBar.high + settleBar.low) / 2)), px(3), 0, 2 * Math.PI);
        ctx.fill();
      }
    }

    // The axes: borders, the price marks, the labelled times, and boxes for the last price and each order's price.
    ctx.fillStyle = theme.grid;
    ctx.fillRect(px(paneWidth), 0, line, px(paneHeight));
    ctx.fillRect(0, px(paneHeight), bitmapWidth, line);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.fillStyle = theme.text;
    marks.forEach((price, i) => {
      const at = y(price);
      if (at > FONT_SIZE / 2 && at < paneHeight - FONT_SIZE / 2) ctx.fillText(labels[i] ?? '', paneWidth + PRICE_LABEL_INSET, at);
    });
    const labelBox = (price: number, color: string): void => {
      const at = y(price);
      if (!within(at)) return;
      ctx.fillStyle = color;
      ctx.fillRect(paneWidth, at - LABEL_BOX_HEIGHT / 2, axisWidth, LABEL_BOX_HEIGHT);
      ctx.fillStyle = labelTextOn(color);
      ctx.fillText(formatPrice(price), paneWidth + PRICE_LABEL_INSET, at);
    };
    for (const order of orders) labelBox(order.openPrice, order.direction === 'rise' ? theme.up : theme.down);
    labelBox(last.close, lastColor);
    ctx.textBaseline = 'top';
    ctx.textAlign = 'center';
    ctx.fillStyle = theme.text;
    for (const index of times) {
      const bar = bars[index];
      const at = x(index);
      if (!bar || at < TIME_MARK_GAP / 2 || at > paneWidth - TIME_MARK_GAP / 2) continue;
      ctx.fillText(tickMarkFormatter(chartTime(bar.time)), at, paneHeight + TIME_LABEL_TOP);
    }
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

/** An arrow pointing up under the bar (rise) or down over it (fall), `tip` at its point. */
function marker(ctx: CanvasRenderingContext2D, centre: number, tip: number, direction: OrderMark['direction'], color: string, ratio: number): void {
  const half = Math.round(4 * ratio);
  const depth = direction === 'rise' ? half * 2 : -half * 2;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(centre, tip);
  ctx.lineTo(centre - half, tip + depth);
  ctx.lineTo(centre + half, tip + depth);
  ctx.closePath();
  ctx.fill();
}

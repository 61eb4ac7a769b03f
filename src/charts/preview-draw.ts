// One frame of the chart's first view: the grid, the volume and candles, the last price and my orders, the axes.
// Shapes are filled in device pixels (crisp lines at any pixel ratio), text in CSS pixels.
import type { UTCTimestamp } from 'lightweight-charts';
import { barOpenTime, INTERVAL_MS } from '../contract/intervals.ts';
import type { IntervalName } from '../streams/inputs.ts';
import type { Candle } from '../streams/messages.ts';
import { barColor, directionColor, FONT_SIZE, volumeColor, type ChartTheme } from './chart-look.ts';
import { chartTime } from './chart-time.ts';
import type { OrderMark } from './order-marks.ts';
import { barCentre, barSpacing, boldWeight, firstInView, priceMarks, priceRange, priceToY, timeMarks, timeStep, timeWeight, volumeToY, type PriceRange } from './preview-scale.ts';

export interface PreviewScene {
  readonly theme: ChartTheme;
  readonly decimals: number;
  /** Bars in view. */
  readonly shown: number;
  readonly formatPrice: (price: number) => string;
  /** A time mark's label, from the chart's seconds. */
  readonly formatTime: (time: UTCTimestamp) => string;
  readonly interval: IntervalName;
  readonly bars: readonly Candle[];
  readonly orders: readonly OrderMark[];
  /** The box, in CSS pixels, and the device pixels per CSS pixel. */
  readonly width: number;
  readonly height: number;
  readonly ratio: number;
}

/** The full chart's axis sizes for a 12 px font: its label, border, tick and padding widths. */
const PRICE_AXIS_PADDING = 21;
const PRICE_LABEL_INSET = 11;
const TIME_AXIS_HEIGHT = 28;
const TIME_LABEL_TOP = 9;
/** Labels at least this far apart: the full chart's price marks (2.5 font heights), and a time label with a gap. */
const PRICE_MARK_GAP = 2.5 * FONT_SIZE;
const TIME_MARK_GAP = 70;
const LABEL_BOX_HEIGHT = FONT_SIZE + 5;

/** Where things go in this frame: the pane's size, the bars in view and the price range they span. */
interface Layout {
  readonly paneWidth: number;
  readonly paneHeight: number;
  readonly axisWidth: number;
  readonly first: number;
  readonly spacing: number;
  readonly range: PriceRange;
  readonly marks: readonly number[];
  readonly times: readonly number[];
  readonly x: (index: number) => number;
  readonly y: (price: number) => number;
  /** CSS pixels → whole device pixels. */
  readonly px: (value: number) => number;
  /** One device pixel at least: the width of a line. */
  readonly line: number;
}

export function drawPreview(ctx: CanvasRenderingContext2D, scene: PreviewScene): void {
  const last = scene.bars[scene.bars.length - 1];
  if (!last || scene.width <= 0 || scene.height <= TIME_AXIS_HEIGHT) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = scene.theme.background;
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.font = `${FONT_SIZE}px ${scene.theme.fontFamily}`;
  const layout = layOut(ctx, scene, last);
  drawGrid(ctx, scene, layout);
  drawBars(ctx, scene, layout);
  drawLevels(ctx, scene, layout, last);
  drawAxes(ctx, scene, layout, last);
}

function layOut(ctx: CanvasRenderingContext2D, scene: PreviewScene, last: Candle): Layout {
  const { bars, shown, ratio } = scene;
  const paneHeight = scene.height - TIME_AXIS_HEIGHT;
  const first = firstInView(bars.length, shown);
  const range = priceRange(bars.slice(first), 1 / 10 ** scene.decimals);
  const marks = priceMarks(range, paneHeight, PRICE_MARK_GAP, scene.decimals);
  // The price axis is as wide as its widest label, even, as the full chart makes it.
  let labelWidth = 0;
  for (const price of [...marks, last.close, ...scene.orders.map((o) => o.openPrice)]) labelWidth = Math.max(labelWidth, ctx.measureText(scene.formatPrice(price)).width);
  const axisWidth = 2 * Math.ceil((labelWidth + PRICE_AXIS_PADDING) / 2);
  const paneWidth = scene.width - axisWidth;
  const spacing = barSpacing(paneWidth, shown);
  const times = timeMarks(bars, first, timeStep(INTERVAL_MS[scene.interval], spacing, TIME_MARK_GAP));
  return {
    paneWidth,
    paneHeight,
    axisWidth,
    first,
    spacing,
    range,
    marks,
    times,
    x: (index) => barCentre(index, bars.length, paneWidth, spacing),
    y: (price) => priceToY(price, range, paneHeight),
    px: (value) => Math.round(value * ratio),
    line: Math.max(1, Math.floor(ratio)),
  };
}

/** A line at each price mark and at each labelled time. */
function drawGrid(ctx: CanvasRenderingContext2D, scene: PreviewScene, l: Layout): void {
  ctx.fillStyle = scene.theme.grid;
  for (const price of l.marks) {
    const at = l.y(price);
    if (at >= 0 && at <= l.paneHeight) ctx.fillRect(0, l.px(at), l.px(l.paneWidth), l.line);
  }
  for (const index of l.times) ctx.fillRect(l.px(l.x(index)), 0, l.line, l.px(l.paneHeight));
}

/** The volume in the pane's bottom fifth, then the candles over it. */
function drawBars(ctx: CanvasRenderingContext2D, scene: PreviewScene, l: Layout): void {
  const { bars, theme } = scene;
  // Bodies four fifths of a bar's slot, volume columns two fifths, about as the full chart draws them.
  const body = Math.max(1, Math.floor(l.spacing * 0.8 * scene.ratio));
  const column = Math.max(1, Math.floor(l.spacing * 0.4 * scene.ratio));
  const bottom = l.px(l.paneHeight);
  for (let i = l.first; i < bars.length; i++) {
    const bar = bars[i];
    if (!bar) continue;
    ctx.fillStyle = volumeColor(bar, theme);
    const top = l.px(volumeToY(bar.volume, l.range.maxVolume, l.paneHeight));
    ctx.fillRect(l.px(l.x(i)) - (column >> 1), top, column, bottom - top);
  }
  for (let i = l.first; i < bars.length; i++) {
    const bar = bars[i];
    if (!bar) continue;
    const centre = l.px(l.x(i));
    ctx.fillStyle = barColor(bar, theme);
    const high = l.px(l.y(bar.high));
    ctx.fillRect(centre - (l.line >> 1), high, l.line, Math.max(l.line, l.px(l.y(bar.low)) - high));
    const top = l.px(l.y(Math.max(bar.open, bar.close)));
    ctx.fillRect(centre - (body >> 1), top, body, Math.max(l.line, l.px(l.y(Math.min(bar.open, bar.close))) - top));
  }
}

/** The last price and my open orders: dashed lines across the pane, and markers where each order opened and settles. */
function drawLevels(ctx: CanvasRenderingContext2D, scene: PreviewScene, l: Layout, last: Candle): void {
  const { bars, theme, interval } = scene;
  const dashed = (price: number, color: string): void => {
    const at = l.px(l.y(price));
    ctx.fillStyle = color;
    for (let from = 0; from < l.px(l.paneWidth); from += 4 * l.line) ctx.fillRect(from, at, 2 * l.line, l.line);
  };
  dashed(last.close, barColor(last, theme));
  if (scene.orders.length === 0) return;
  const indexAt = new Map<number, number>();
  for (let i = l.first; i < bars.length; i++) indexAt.set(bars[i]?.time ?? 0, i);
  for (const order of scene.orders) {
    const color = directionColor(order.direction, theme);
    dashed(order.openPrice, color);
    const opened = indexAt.get(barOpenTime(order.openTime, interval));
    const openBar = opened === undefined ? undefined : bars[opened];
    if (opened !== undefined && openBar) {
      const tip = order.direction === 'rise' ? l.px(l.y(openBar.low)) + l.px(6) : l.px(l.y(openBar.high)) - l.px(6);
      arrow(ctx, l.px(l.x(opened)), tip, order.direction, l.px(4));
    }
    // Drawn once its bar is: a settle time still ahead has no bar yet.
    const settled = indexAt.get(barOpenTime(order.settleTime, interval));
    const settleBar = settled === undefined ? undefined : bars[settled];
    if (settled !== undefined && settleBar) {
      ctx.beginPath();
      ctx.arc(l.px(l.x(settled)), l.px(l.y((settleBar.high + settleBar.low) / 2)), l.px(3), 0, 2 * Math.PI);
      ctx.fill();
    }
  }
}

/** An arrow pointing up under the bar (rise) or down over it (fall), its point at `tip`, in the current fill. */
function arrow(ctx: CanvasRenderingContext2D, centre: number, tip: number, direction: OrderMark['direction'], half: number): void {
  const depth = direction === 'rise' ? half * 2 : -half * 2;
  ctx.beginPath();
  ctx.moveTo(centre, tip);
  ctx.lineTo(centre - half, tip + depth);
  ctx.lineTo(centre + half, tip + depth);
  ctx.closePath();
  ctx.fill();
}

/** The axes: borders, the price marks, a box for the last price and for each order's price, the labelled times. */
function drawAxes(ctx: CanvasRenderingContext2D, scene: PreviewScene, l: Layout, last: Candle): void {
  const { theme } = scene;
  ctx.fillStyle = theme.grid;
  ctx.fillRect(l.px(l.paneWidth), 0, l.line, l.px(l.paneHeight));
  ctx.fillRect(0, l.px(l.paneHeight), ctx.canvas.width, l.line);
  ctx.setTransform(scene.ratio, 0, 0, scene.ratio, 0, 0);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillStyle = theme.text;
  for (const price of l.marks) {
    const at = l.y(price);
    if (at > FONT_SIZE / 2 && at < l.paneHeight - FONT_SIZE / 2) ctx.fillText(scene.formatPrice(price), l.paneWidth + PRICE_LABEL_INSET, at);
  }
  const labelBox = (price: number, color: string): void => {
    const at = l.y(price);
    if (at < 0 || at > l.paneHeight) return;
    ctx.fillStyle = color;
    ctx.fillRect(l.paneWidth, at - LABEL_BOX_HEIGHT / 2, l.axisWidth, LABEL_BOX_HEIGHT);
    ctx.fillStyle = labelTextOn(color);
    ctx.fillText(scene.formatPrice(price), l.paneWidth + PRICE_LABEL_INSET, at);
  };
  for (const order of scene.orders) labelBox(order.openPrice, directionColor(order.direction, theme));
  labelBox(last.close, barColor(last, theme));
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  ctx.fillStyle = theme.text;
  const weights = l.times.map((index) => timeWeight(scene.bars[index]?.time ?? 0));
  const bold = boldWeight(weights);
  l.times.forEach((index, i) => {
    const bar = scene.bars[index];
    if (!bar) return;
    ctx.font = `${(weights[i] ?? 0) >= bold ? 'bold ' : ''}${FONT_SIZE}px ${theme.fontFamily}`;
    const label = scene.formatTime(chartTime(bar.time));
    const at = l.x(index);
    const half = ctx.measureText(label).width / 2;
    // Whole labels only, inside the pane's width.
    if (at - half >= 0 && at + half <= l.paneWidth) ctx.fillText(label, at, l.paneHeight + TIME_LABEL_TOP);
  });
}

/** Black or white, whichever reads on `color` (a #rrggbb colour; white otherwise), as the full chart picks. */
function labelTextOn(color: string): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color);
  if (!hex) return '#ffffff';
  const [r, g, b] = [hex[1], hex[2], hex[3]].map((part) => parseInt(part ?? '0', 16)) as [number, number, number];
  return 0.199 * r + 0.687 * g + 0.114 * b > 160 ? '#000000' : '#ffffff';
}

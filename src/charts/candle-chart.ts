import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  type CandlestickData,
  type DeepPartial,
  type ChartOptions,
  type HistogramData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { IntervalName } from '../streams/inputs.ts';
import type { Candle, CandleDelta } from '../streams/messages.ts';
import { axisPriceFormatter, CANDLE_MARGINS, RIGHT_SLOTS, VISIBLE_BARS, VOLUME_MARGINS, volumeColor, type ChartTheme } from './chart-look.ts';
import { chartTime, localTimeFormatters } from './chart-time.ts';
import { createOrderMarks, type OrderMark } from './order-marks.ts';

export interface CandleChartOptions {
  readonly theme: ChartTheme;
  /** BCP 47 locale for the time axis and crosshair (the member's language). */
  readonly locale: string;
  /** Decimals of the product's prices. */
  readonly decimals: number;
  /** The member's language's decimal mark, for the price axis and its labels ('.' when not given). */
  readonly decimalMark?: string;
  /** Bars shown after a reset; the rest is a swipe away. */
  readonly visibleBars?: number;
  /**
   * How many of a reset's newest bars go into the chart at once (default: twice the bars shown); the older ones
   * join when the view nears the left edge of those. `Infinity` puts every bar in at once.
   */
  readonly firstBars?: number;
  /**
   * Runs a callback once the current task's deltas are in (a microtask; tests pass a manual one). Not a frame
   * callback: the chart draws in its own next frame, so updating it from one would cost a frame of ours first.
   */
  readonly requestFrame?: (callback: () => void) => void;
}

export interface CandleChart {
  /**
   * reset → setData on both series at once (history, interval switch: its newest bars, the older ones when the
   * view nears them); append/update → update(), coalesced:
   * each bar is written at most once per task per series, with its latest value (the chart draws once a frame).
   */
  apply(delta: CandleDelta): void;
  /** My open orders on this product: open-price lines and open/settle markers. */
  setOrderMarks(marks: readonly OrderMark[]): void;
  dispose(): void;
  /** The underlying chart and series, for tests and the benchmark. */
  readonly chart: IChartApi;
  readonly candles: ISeriesApi<'Candlestick'>;
  readonly volume: ISeriesApi<'Histogram'>;
}

/** The older bars join once the view's left edge is this many bars from the first bar in the chart. */
const EDGE_BARS = 10;

/**
 * Phone-first options: the chart fills its box and follows its size (autoSize: ResizeObserver), a vertical
 * swipe scrolls the page instead of the chart (vertTouchDrag false), and the wheel scrolls the page too.
 */
function chartOptions(o: CandleChartOptions): DeepPartial<ChartOptions> {
  const formatters = localTimeFormatters(o.locale);
  return {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: o.theme.background }, textColor: o.theme.text, fontFamily: o.theme.fontFamily, attributionLogo: false },
    grid: { vertLines: { color: o.theme.grid }, horzLines: { color: o.theme.grid } },
    handleScroll: { vertTouchDrag: false, horzTouchDrag: true, mouseWheel: false, pressedMouseMove: true },
    handleScale: { mouseWheel: false, pinch: true, axisPressedMouseMove: { time: true, price: false }, axisDoubleClickReset: true },
    localization: { locale: o.locale, timeFormatter: formatters.timeFormatter, priceFormatter: axisPriceFormatter(o.decimals, o.decimalMark ?? '.') },
    timeScale: { timeVisible: true, secondsVisible: false, rightOffset: 3, tickMarkFormatter: formatters.tickMarkFormatter, borderColor: o.theme.grid },
    rightPriceScale: { borderColor: o.theme.grid },
  };
}

const candleOf = (bar: Candle): CandlestickData<UTCTimestamp> => ({
  time: chartTime(bar.time),
  open: bar.open,
  high: bar.high,
  low: bar.low,
  close: bar.close,
});

/**
 * lightweight-charts adapter: candles plus volume, drawn from the worker's deltas. History comes as setData (its
 * newest bars first, the older ones once the member scrolls or zooms out to them); every live change is one
 * update() of the last bar, so a tick never redraws the whole series.
 */
export function createCandleChart(container: HTMLElement, options: CandleChartOptions): CandleChart {
  const { theme } = options;
  const chart = createChart(container, chartOptions(options));
  const minMove = 1 / 10 ** options.decimals;
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: theme.up,
    downColor: theme.down,
    borderVisible: false,
    wickUpColor: theme.up,
    wickDownColor: theme.down,
    priceFormat: { type: 'price', precision: options.decimals, minMove },
  });
  const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: 'volume', lastValueVisible: false, priceLineVisible: false });
  volume.priceScale().applyOptions({ scaleMargins: VOLUME_MARGINS });
  candles.priceScale().applyOptions({ scaleMargins: CANDLE_MARGINS });

  const volumeOf = (bar: Candle): HistogramData<UTCTimestamp> => ({
    time: chartTime(bar.time),
    value: bar.volume,
    color: volumeColor(bar, theme),
  });

  const marks = createOrderMarks(candles, () => createSeriesMarkers(candles, []), { up: theme.up, down: theme.down });
  let interval: IntervalName | null = null;
  let lastBarMs: number | null = null;
  let orders: readonly OrderMark[] = [];
  const lastBarTime = (): number | null => (lastBarMs === null ? null : chartTime(lastBarMs));
  /** Live bars waiting for the end of the task, by open time (the last one and, after an append, the one before). */
  const pending = new Map<number, Candle>();
  let frameAsked = false;
  let disposed = false;
  const requestFrame = options.requestFrame ?? queueMicrotask;
  const shownBars = options.visibleBars ?? VISIBLE_BARS;
  const firstBars = options.firstBars ?? shownBars * 2;
  /**
   * The reset's older bars, not yet in the chart: the chart's build with all 500 was a task a fifth to three fifths
   * longer on a slow phone (bench/chart-first-draw.ts).
   */
  let older: readonly Candle[] = [];
  /** Whether this interval's older bars went in: a later reset of it then puts every bar in at once. */
  let allIn = false;
  let joinAsked = false;
  /** Counts resets: a join asked for before one is void (its bars are gone). */
  let resets = 0;

  const joinOlder = (asked: number): void => {
    joinAsked = false;
    if (disposed || asked !== resets || older.length === 0) return;
    // The chart keeps its right edge where it was, so the bars in view stay in view.
    candles.setData([...older.map(candleOf), ...candles.data()]);
    volume.setData([...older.map(volumeOf), ...volume.data()]);
    older = [];
    allIn = true;
  };
  chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
    if (joinAsked || older.length === 0 || range === null || range.from > EDGE_BARS) return;
    // Not inside the chart's own notification: in the task's end, as live bars are.
    joinAsked = true;
    const asked = resets;
    requestFrame(() => joinOlder(asked));
  });

  const flush = (): void => {
    frameAsked = false;
    if (disposed || pending.size === 0) return;
    const bars = [...pending.values()].sort((a, b) => a.time - b.time);
    pending.clear();
    let appended = false;
    for (const bar of bars) {
      // The chart refuses a bar older than its last one; the worker never sends one, and this keeps it so.
      if (lastBarMs !== null && bar.time < lastBarMs) continue;
      candles.update(candleOf(bar));
      volume.update(volumeOf(bar));
      if (lastBarMs === null || bar.time > lastBarMs) {
        lastBarMs = bar.time;
        appended = true;
      }
    }
    if (appended && orders.length > 0) marks.redraw(interval, lastBarTime());
  };

  const reset = (to: IntervalName, bars: readonly Candle[]): void => {
    // The reset replaces everything, so live bars still waiting for the end of the task are void.
    pending.clear();
    resets += 1;
    const switched = interval !== to;
    interval = to;
    if (switched) allIn = false;
    const first = allIn ? bars.length : Math.min(bars.length, firstBars);
    older = bars.slice(0, bars.length - first);
    const drawn = older.length === 0 ? bars : bars.slice(older.length);
    candles.setData(drawn.map(candleOf));
    volume.setData(drawn.map(volumeOf));
    lastBarMs = bars[bars.length - 1]?.time ?? null;
    chart.applyOptions({ timeScale: { timeVisible: to !== '1d' } });
    if (switched && drawn.length > 0) {
      chart.timeScale().setVisibleLogicalRange({ from: drawn.length - shownBars, to: drawn.length + RIGHT_SLOTS });
    }
    marks.set(orders, interval, lastBarTime());
  };

  return {
    apply(delta) {
      if (delta.kind === 'reset') {
        reset(delta.interval, delta.bars);
        return;
      }
      pending.set(delta.bar.time, delta.bar);
      if (!frameAsked) {
        frameAsked = true;
        requestFrame(flush);
      }
    },
    setOrderMarks(next) {
      orders = next;
      marks.set(orders, interval, lastBarTime());
    },
    dispose() {
      disposed = true;
      chart.remove();
    },
    chart,
    candles,
    volume,
  };
}

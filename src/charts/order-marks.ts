import type { IPriceLine, ISeriesApi, ISeriesMarkersPluginApi, SeriesMarker, Time } from 'lightweight-charts';
import { LineStyle } from 'lightweight-charts';
import type { IntervalName } from '../streams/inputs.ts';
import { directionColor } from './chart-look.ts';
import { barTimeOf } from './chart-time.ts';

/** One of my open orders as the chart shows it. */
export interface OrderMark {
  readonly id: number;
  readonly direction: 'rise' | 'fall';
  readonly openPrice: number;
  readonly openTime: number;
  readonly settleTime: number;
}

export interface MarkColors {
  readonly up: string;
  readonly down: string;
}

/**
 * Draws my open orders: a dashed price line at each open price (untitled: text drawn into the pane on every
 * frame is the costliest part of a line) and markers on the bars where each order opened and, once drawn, where
 * it settles. Lines are diffed by order id, so a repeated call with the same orders touches nothing.
 */
export function createOrderMarks(series: ISeriesApi<'Candlestick'>, createMarkers: () => ISeriesMarkersPluginApi<Time>, colors: MarkColors) {
  const lines = new Map<number, { line: IPriceLine; key: string }>();
  let current: readonly OrderMark[] = [];
  // Made at the first marker: once attached, the plugin reads all of the series' bars on every data change (every
  // tick), which a member with no open order on this product would pay for nothing.
  let markers: ISeriesMarkersPluginApi<Time> | null = null;

  const colorOf = (mark: OrderMark): string => directionColor(mark.direction, colors);

  const drawMarkers = (interval: IntervalName | null, lastBarTime: number | null): void => {
    if (interval === null || lastBarTime === null) {
      markers?.setMarkers([]);
      return;
    }
    const list: SeriesMarker<Time>[] = [];
    for (const mark of current) {
      const color = colorOf(mark);
      list.push({
        time: barTimeOf(mark.openTime, interval),
        position: mark.direction === 'rise' ? 'belowBar' : 'aboveBar',
        shape: mark.direction === 'rise' ? 'arrowUp' : 'arrowDown',
        color,
        id: `open-${mark.id}`,
      });
      const settleBar = barTimeOf(mark.settleTime, interval);
      if (settleBar <= lastBarTime) list.push({ time: settleBar, position: 'inBar', shape: 'circle', color, id: `settle-${mark.id}` });
    }
    list.sort((a, b) => (a.time as number) - (b.time as number));
    if (list.length === 0 && markers === null) return;
    markers ??= createMarkers();
    markers.setMarkers(list);
  };

  return {
    set(marks: readonly OrderMark[], interval: IntervalName | null, lastBarTime: number | null): void {
      current = marks;
      const keep = new Set<number>();
      for (const mark of marks) {
        keep.add(mark.id);
        const key = `${mark.openPrice}|${mark.direction}`;
        const existing = lines.get(mark.id);
        if (existing?.key === key) continue;
        if (existing) series.removePriceLine(existing.line);
        const line = series.createPriceLine({
          price: mark.openPrice,
          color: colorOf(mark),
          lineStyle: LineStyle.Dashed,
          lineWidth: 1,
          axisLabelVisible: true,
        });
        lines.set(mark.id, { line, key });
      }
      for (const [id, { line }] of lines) {
        if (keep.has(id)) continue;
        series.removePriceLine(line);
        lines.delete(id);
      }
      drawMarkers(interval, lastBarTime);
    },
    /** Markers follow the bars (an interval switch or a new bar may bring a settle bar into view). */
    redraw(interval: IntervalName | null, lastBarTime: number | null): void {
      drawMarkers(interval, lastBarTime);
    },
    count: (): number => lines.size,
  };
}

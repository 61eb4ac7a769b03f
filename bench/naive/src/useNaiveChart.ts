import { useEffect, useRef, type RefObject } from 'react';
import type { UTCTimestamp } from 'lightweight-charts';
import { chartTheme } from '../../../src/app/market/chartTheme.ts';
import { createCandleChart, type CandleChart } from '../../../src/charts/candle-chart.ts';
import type { ChartTheme } from '../../../src/charts/chart-look.ts';
import { chartTime } from '../../../src/charts/chart-time.ts';
import type { OrderMark } from '../../../src/charts/order-marks.ts';
import type { Bar } from '../../../src/contract/market.ts';
import { parseBar } from '../../../src/streams/parse-bar.ts';
import type { Candle } from '../../../src/streams/messages.ts';

/** The app's chart buffer size (src/streams/merge-bars.ts keeps the newest 1500). */
const MAX_BARS = 1_500;

/**
 * The same chart adapter and options as the app, fed the naive way: every kdata or turnover poll ends in
 * `setData(allBars)` on both series, where the app sends one `update()` per change.
 */
export function useNaiveChart(box: RefObject<HTMLDivElement | null>, decimals: number) {
  const chart = useRef<CandleChart | null>(null);
  const theme = useRef<ChartTheme | null>(null);
  const bars = useRef<Candle[]>([]);
  const first = useRef(true);

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    theme.current = chartTheme();
    const created = createCandleChart(node, { theme: theme.current, locale: 'en', decimals });
    chart.current = created;
    return () => {
      chart.current = null;
      created.dispose();
    };
  }, [box, decimals]);

  const draw = (): void => {
    const c = chart.current;
    const t = theme.current;
    if (!c || !t) return;
    if (first.current) {
      // The first draw positions the visible range exactly as the app's reset does.
      first.current = false;
      c.apply({ kind: 'reset', interval: '1m', bars: bars.current });
      return;
    }
    c.candles.setData(bars.current.map((b) => ({ time: chartTime(b.time), open: b.open, high: b.high, low: b.low, close: b.close })));
    c.volume.setData(
      bars.current.map((b) => ({ time: chartTime(b.time) as UTCTimestamp, value: b.volume, color: b.close >= b.open ? `${t.up}80` : `${t.down}80` })),
    );
  };

  return {
    /** A kdata answer: merged by open time (the last bar may have changed), then everything redrawn. */
    kdata(wire: readonly Bar[]): void {
      const all = bars.current;
      for (const w of wire) {
        const bar = parseBar(w);
        if (!bar) continue;
        const last = all[all.length - 1];
        if (last && last.time === bar.time) all[all.length - 1] = bar;
        else if (!last || bar.time > last.time) all.push(bar);
      }
      if (all.length > MAX_BARS) all.splice(0, all.length - MAX_BARS);
      draw();
    },
    /** A turnover answer: its price moves the last bar, then everything is redrawn. */
    lastPrice(price: number): void {
      const all = bars.current;
      const last = all[all.length - 1];
      if (!last || !Number.isFinite(price)) return;
      all[all.length - 1] = { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
      draw();
    },
    marks(next: readonly OrderMark[]): void {
      chart.current?.setOrderMarks(next);
    },
  };
}

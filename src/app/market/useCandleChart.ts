import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CandleChart, createCandleChart } from '../../charts/candle-chart.ts';
import type { OrderMark } from '../../charts/order-marks.ts';
import type { CandleDelta, IntervalName, StatusMessage } from '../../workers/api.ts';
import { chartTheme } from './chartTheme.ts';
import { freshState, liveStateOf, type LiveState } from './liveState.ts';
import { usePainted } from './afterNextPaint.ts';
import { useMarketWorker } from './useMarketWorker.ts';
import { useSubscription } from './useSubscription.ts';
import { yieldToMain } from './yieldToMain.ts';

export interface CandleChartParams {
  readonly id: number | null;
  readonly interval: IntervalName;
  readonly decimals: number;
  /** BCP 47 locale for the axis. */
  readonly locale: string;
  /** The member's decimal mark, for the price axis. */
  readonly decimalMark: string;
  readonly marks: readonly OrderMark[];
  /** Loads the chart adapter (tests pass one that fails); read when the chart is built. */
  readonly load?: () => Promise<{ readonly createCandleChart: typeof createCandleChart }>;
}

// The chart library (52 KB brotli) and the chart's bars are asked for once the screen has been painted, not
// before: on a slow connection the screen's code and data are not sharing the line with them, and their
// evaluation is not in the way of the first render's paint.
const loadChart = () => import('../../charts/candle-chart.ts');

/**
 * Draws one product's candles into `box`: the worker's deltas go straight to the chart adapter (no React
 * state per tick). Until the library has loaded, the deltas wait in order (from the last reset on). Returns
 * whether the chart's data is fresh, and whether its library failed to load.
 */
export interface CandleChartState {
  /** Whether the chart's data is fresh, for its stale mark. */
  readonly live: LiveState;
  /** The chart library did not arrive (the network dropped): the screen says so and offers a reload. */
  readonly failed: boolean;
}

export function useCandleChart(box: RefObject<HTMLDivElement | null>, params: CandleChartParams): CandleChartState {
  const worker = useMarketWorker();
  const chart = useRef<CandleChart | null>(null);
  /** Deltas that came before the library; null once it failed to load (nothing will draw them). */
  const waiting = useRef<CandleDelta[] | null>([]);
  /** The library is here and no bar was yet: builds the chart (once) when the first delta comes. */
  const buildOnData = useRef<(() => void) | null>(null);
  const latestMarks = useRef(params.marks);
  const [live, setLive] = useState<LiveState>(freshState);
  const [failed, setFailed] = useState(false);
  const { id, interval, decimals, locale, decimalMark, marks } = params;
  const painted = usePainted();

  useEffect(() => {
    const node = box.current;
    if (!node || !painted) return;
    let created: CandleChart | null = null;
    let gone = false;
    waiting.current ??= [];
    (params.load ?? loadChart)().then(
      async ({ createCandleChart }) => {
        // Evaluating the library and building the chart are separate tasks, and the chart draws in a frame of its
        // own: no one long task that a tap on a slow phone would wait behind. Deltas that come meanwhile wait in order.
        await yieldToMain();
        if (gone) return;
        const make = (): void => {
          if (gone) return;
          const made = createCandleChart(node, { theme: chartTheme(), locale, decimals, decimalMark });
          created = made;
          made.setOrderMarks(latestMarks.current);
          // The bars go in before the chart's first frame: drawn apart, the empty chart's frame (its canvases
          // sized and painted once for nothing) cost as much as the full one on a slow phone.
          for (const delta of waiting.current?.splice(0) ?? []) made.apply(delta);
          chart.current = made;
        };
        // An empty chart is never drawn: it is built when its first bars are here (one paint fewer on a slow phone).
        if (waiting.current?.length) make();
        else buildOnData.current = make;
      },
      () => {
        // The chunk did not arrive (the network dropped): stop keeping deltas for a chart that cannot be drawn.
        waiting.current = null;
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      buildOnData.current = null;
      chart.current = null;
      created?.dispose();
    };
  }, [box, decimals, locale, decimalMark, painted]);

  useEffect(() => {
    latestMarks.current = marks;
    chart.current?.setOrderMarks(marks);
  }, [marks, decimals, locale]);

  const key = id === null || !painted ? null : `candles:${id}:${interval}:${decimals}:${locale}`;
  useSubscription(worker, key, (w, cb) => w.watchCandles({ id: id ?? 0, interval }, cb), (message: CandleDelta | StatusMessage) => {
    if (message.kind === 'status') setLive(liveStateOf(message));
    else if (chart.current) {
      // Not held for the countdowns' step: the chart's draw is the costliest part of a frame here, and in the
      // step's frame it made a long task on a busy phone.
      chart.current.apply(message);
    }
    else if (waiting.current === null) return;
    else {
      if (message.kind === 'reset') waiting.current = [message];
      else waiting.current.push(message);
      const build = buildOnData.current;
      buildOnData.current = null;
      if (build) void yieldToMain().then(build);
    }
  });
  return { live, failed };
}

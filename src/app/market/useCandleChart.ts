import { useEffect, useRef, type RefObject } from 'react';
import { useChangedState } from '../hooks/useChangedState.ts';
import type { CandleChart, createCandleChart } from '../../charts/candle-chart.ts';
import { createChartPreview } from '../../charts/chart-preview.ts';
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
  /** Loads the chart adapter (tests pass one that fails); read when the member reaches for the chart. */
  readonly load?: () => Promise<{ readonly createCandleChart: typeof createCandleChart }>;
}

// The chart library (49 KB brotli) loads when the member reaches for the chart (a tap or a sideways drag on it, a
// mouse over it): until then the first view (`chart-preview.ts`) draws the same bars live. A member who only watches
// never downloads it, and no cold load pays its build and first frames, a long task on a slow phone.
const loadChart = () => import('../../charts/candle-chart.ts');

/** What draws the deltas: the first view, then the full chart. */
type ChartTarget = Pick<CandleChart, 'apply' | 'setOrderMarks'>;

/** Whether the chart's data is fresh, whether the full chart is on its way, and whether its library failed to load. */
export interface CandleChartState {
  /** Whether the chart's data is fresh, for its stale mark. */
  readonly live: LiveState;
  /** The member reached for the chart and its library is loading: the box shows progress. */
  readonly loading: boolean;
  /** The chart library did not arrive (the network dropped): the first view stays, the screen says so. */
  readonly failed: boolean;
}

/**
 * Draws one product's candles into `box`: the worker's deltas go straight to the first view, then to the full
 * chart that replaces it when the member reaches for it (no React state per tick).
 */
export function useCandleChart(box: RefObject<HTMLDivElement | null>, params: CandleChartParams): CandleChartState {
  const worker = useMarketWorker();
  const target = useRef<ChartTarget | null>(null);
  /** The library is here and the view has no bars yet: the first reset hands them over. */
  const takeOverOnData = useRef<(() => void) | null>(null);
  const latestMarks = useRef(params.marks);
  // Written only when they change: a status every poll, a loading flag the cleanup clears either way.
  const [live, setLive] = useChangedState<LiveState>(freshState);
  const [loading, setLoading] = useChangedState(false);
  const [failed, setFailed] = useChangedState(false);
  const { id, interval, decimals, locale, decimalMark, marks } = params;
  const painted = usePainted();

  useEffect(() => {
    const node = box.current;
    if (!node || !painted) return;
    const options = { theme: chartTheme(), locale, decimals, decimalMark };
    const preview = createChartPreview(node, options);
    preview.setOrderMarks(latestMarks.current);
    target.current = preview;
    let full: CandleChart | null = null;
    let gone = false;
    const takeOver = (create: typeof createCandleChart): void => {
      if (gone || full !== null) return;
      const series = preview.series();
      if (series === null) {
        takeOverOnData.current = () => takeOver(create);
        return;
      }
      // One chart in the box at a time: the view's canvas goes as the chart's own cells come.
      preview.dispose();
      full = create(node, options);
      full.setOrderMarks(latestMarks.current);
      full.apply({ kind: 'reset', interval: series.interval, bars: series.bars });
      target.current = full;
      setLoading(false);
    };
    const reach = (event: PointerEvent): void => {
      // A finger that scrolls the page across the chart ends in pointercancel, never here: a tap or a sideways drag
      // ends in pointerup, and a mouse passes over it. So scrolling a metered phone's page does not load the library.
      if (event.type === 'pointerover' && event.pointerType !== 'mouse') return;
      node.removeEventListener('pointerup', reach);
      node.removeEventListener('pointerover', reach);
      setLoading(true);
      (params.load ?? loadChart)().then(
        async ({ createCandleChart }) => {
          // Evaluating the library and building the chart are separate tasks.
          await yieldToMain();
          takeOver(createCandleChart);
        },
        () => {
          // The chunk did not arrive (the network dropped): the first view stays live, and the screen says so.
          if (gone) return;
          setLoading(false);
          setFailed(true);
        },
      );
    };
    node.addEventListener('pointerup', reach);
    node.addEventListener('pointerover', reach);
    return () => {
      gone = true;
      node.removeEventListener('pointerup', reach);
      node.removeEventListener('pointerover', reach);
      takeOverOnData.current = null;
      target.current = null;
      preview.dispose();
      full?.dispose();
      // A load still under way builds nothing now (gone): the next chart in this box starts as a first view.
      setLoading(false);
    };
  }, [box, decimals, locale, decimalMark, painted, setLoading, setFailed]);

  useEffect(() => {
    latestMarks.current = marks;
    target.current?.setOrderMarks(marks);
  }, [marks, decimals, locale]);

  const key = id === null || !painted ? null : `candles:${id}:${interval}:${decimals}:${locale}`;
  useSubscription(worker, key, (w, cb) => w.watchCandles({ id: id ?? 0, interval }, cb), (message: CandleDelta | StatusMessage) => {
    if (message.kind === 'status') {
      setLive(liveStateOf(message));
      return;
    }
    // Not held for the countdowns' step: the chart's draw is the costliest part of a frame here, and in the
    // step's frame it made a long task on a busy phone.
    target.current?.apply(message);
    const takeOver = takeOverOnData.current;
    takeOverOnData.current = null;
    takeOver?.();
  });
  return { live, loading, failed };
}

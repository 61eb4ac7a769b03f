import { useEffect, useRef, useState, type RefObject } from 'react';
import { createCandleChart, type CandleChart } from '../../charts/candle-chart.ts';
import type { OrderMark } from '../../charts/order-marks.ts';
import type { CandleDelta, IntervalName, StatusMessage } from '../../workers/api.ts';
import { chartTheme } from './chartTheme.ts';
import { freshState, liveStateOf, type LiveState } from './liveState.ts';
import { useMarketWorker } from './useMarketWorker.ts';
import { useSubscription } from './useSubscription.ts';

export interface CandleChartParams {
  readonly id: number | null;
  readonly interval: IntervalName;
  readonly decimals: number;
  /** BCP 47 locale for the axis. */
  readonly locale: string;
  readonly marks: readonly OrderMark[];
}

/**
 * Draws one product's candles into `box`: the worker's deltas go straight to the chart adapter (no React
 * state per tick). Returns whether the chart's data is fresh, for its stale mark.
 */
export function useCandleChart(box: RefObject<HTMLDivElement | null>, params: CandleChartParams): LiveState {
  const worker = useMarketWorker();
  const chart = useRef<CandleChart | null>(null);
  const [live, setLive] = useState<LiveState>(freshState);
  const { id, interval, decimals, locale, marks } = params;

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const created = createCandleChart(node, { theme: chartTheme(), locale, decimals });
    chart.current = created;
    return () => {
      chart.current = null;
      created.dispose();
    };
  }, [box, decimals, locale]);

  useEffect(() => {
    chart.current?.setOrderMarks(marks);
  }, [marks, decimals, locale]);

  const key = id === null ? null : `candles:${id}:${interval}:${decimals}:${locale}`;
  useSubscription(worker, key, (w, cb) => w.watchCandles({ id: id ?? 0, interval }, cb), (message: CandleDelta | StatusMessage) => {
    if (message.kind === 'status') setLive(liveStateOf(message));
    else chart.current?.apply(message);
  });
  return live;
}

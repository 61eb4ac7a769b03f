import { defer, type MonoTypeOperatorFunction, type Observable, tap } from 'rxjs';
import type { IntervalName, KdataBatch } from '../streams/inputs.ts';
import type { Candle, CandleDelta, PollState } from '../streams/messages.ts';
import { foldLastPrice } from '../streams/fold-last-price.ts';
import { mergeBars } from '../streams/merge-bars.ts';
import { calmPeriodMs } from '../streams/rest-period.ts';
import { dataOf, type Hub } from './hub.ts';
import type { MarketCache } from './market-cache.ts';
import { HISTORY_BARS } from './periods.ts';
import type { SnapshotState } from './share-with-snapshot.ts';
import { turnoverSamples } from './turnover.ts';

/**
 * The shared kdata poll of one product and interval. The server aggregates every interval itself (1h, 4h
 * and 1d from its own hourly and daily candles), so each interval is polled directly: history first, then
 * `since` the last bar's open time, which returns that bar (it may have changed) and any newer one.
 */
export function kdataPoll(hub: Hub, id: number, interval: IntervalName): Observable<PollState<KdataBatch & { quiet: number }>> {
  return hub.poll<KdataBatch & { quiet: number }>(`product/kdata:${id}:${interval}`, {
    periodMs: hub.periods.kdata,
    // The trade tape moves the live bar in between; a chart whose bars stopped changing (a closed market) is asked
    // less and less often, up to once a minute.
    nextPeriodMs: (batch) => calmPeriodMs(batch.quiet, hub.periods.kdata, hub.periods.closed),
    request: (() => {
      let cursor: number | undefined;
      let lastBar = '';
      let quiet = 0;
      return async (signal: AbortSignal): Promise<KdataBatch & { quiet: number }> => {
        const since = cursor;
        const body = since === undefined ? { id, interval, limit: HISTORY_BARS } : { id, interval, since };
        const answer = await hub.post('product/kdata', body, signal);
        const newest = answer.bars[answer.bars.length - 1];
        if (newest !== undefined) cursor = newest[0];
        const newestBar = JSON.stringify(newest ?? null);
        quiet = since !== undefined && newestBar === lastBar ? quiet + 1 : 0;
        lastBar = newestBar;
        return { interval: answer.interval, bars: answer.bars, since, quiet };
      };
    })(),
  });
}

/**
 * Candle deltas for one chart: kdata merged into a bounded buffer, with the last bar moved by the trade
 * tape between kdata polls. Shared: a second chart of the same product and interval starts from a reset
 * of the current bars.
 */
export function candleDeltas(hub: Hub, id: number, interval: IntervalName): Observable<CandleDelta> {
  return hub.derived(
    `candles:${id}:${interval}`,
    () => dataOf(kdataPoll(hub, id, interval)).pipe(mergeBars(), foldLastPrice(turnoverSamples(hub, id))),
    candleSnapshot,
  );
}

/** Stores one chart's bars for the next visit: on each reset and each new bar, not on every price move. */
export function keepCandles(cache: Pick<MarketCache, 'writeCandles'>, chart: string): MonoTypeOperatorFunction<CandleDelta> {
  return (source) =>
    defer(() => {
      const state = candleSnapshot();
      return source.pipe(
        tap((delta) => {
          state.take(delta);
          const now = delta.kind === 'update' ? null : state.snapshot();
          if (now?.kind === 'reset') cache.writeCandles(chart, now.bars);
        }),
      );
    });
}

function candleSnapshot(): SnapshotState<CandleDelta> {
  let interval: IntervalName | null = null;
  let bars: Candle[] = [];
  return {
    take(delta) {
      if (delta.kind === 'reset') {
        interval = delta.interval;
        bars = [...delta.bars];
      } else if (delta.kind === 'append') {
        bars.push(delta.bar);
      } else {
        bars[bars.length - 1] = delta.bar;
      }
    },
    snapshot: () => (interval === null ? null : { kind: 'reset', interval, bars: bars.slice() }),
  };
}

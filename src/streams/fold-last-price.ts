import { Observable, type OperatorFunction } from 'rxjs';
import type { TurnoverSample } from './inputs.ts';
import { bucketStart, INTERVAL_MS } from './interval-ms.ts';
import type { Candle, CandleDelta } from './messages.ts';
import { sameCandle } from './parse-bar.ts';

/**
 * Moves the last candle with the trades (and last price) from turnover between kdata polls.
 * - Trades newer than any folded before move high/low/close of the last bar; a trade in a later bucket
 *   opens a new bar there (volume 0 until kdata brings the real one). Older trades are ignored.
 * - The last price moves the last bar only when serverTime falls inside it; it never opens a bar (a closed
 *   market keeps quoting its last price).
 * - kdata deltas pass through, but never an older bar than the last one drawn: an append for the drawn
 *   time becomes an update, an update for a newer time becomes an append, anything older is dropped.
 * Nothing happens before the first reset (there is no bar to align to). Volume is left to kdata: trade
 * lists repeat across polls, so adding quantities here would double-count.
 */
export function foldLastPrice(turnover$: Observable<TurnoverSample>): OperatorFunction<CandleDelta, CandleDelta> {
  return (source) =>
    new Observable<CandleDelta>((subscriber) => {
      let bucketMs = 0;
      let last: Candle | null = null;
      /** Time of the newest trade or price already folded; kdata has the ones before. */
      let foldedUntil = -Infinity;

      const fromKdata = (delta: CandleDelta): void => {
        if (delta.kind === 'reset') {
          bucketMs = INTERVAL_MS[delta.interval];
          last = delta.bars[delta.bars.length - 1] ?? null;
          subscriber.next(delta);
          return;
        }
        const bar = delta.bar;
        if (last !== null && bar.time < last.time) return;
        const kind = last !== null && bar.time === last.time ? 'update' : 'append';
        last = bar;
        subscriber.next(kind === delta.kind ? delta : { kind, bar });
      };

      const fromTurnover = (sample: TurnoverSample): void => {
        if (last === null) return;
        let bar: Candle = last;
        let opened = false;
        const flush = (): void => {
          if (opened) subscriber.next({ kind: 'append', bar });
          else if (last !== null && !sameCandle(bar, last)) subscriber.next({ kind: 'update', bar });
          last = bar;
          opened = false;
        };
        for (const [time, priceText] of sample.trades) {
          const price = Number(priceText);
          if (time <= foldedUntil || time < bar.time || !Number.isFinite(price)) continue;
          foldedUntil = time;
          if (time < bar.time + bucketMs) {
            bar = moved(bar, price);
          } else {
            flush();
            bar = { time: bucketStart(time, bucketMs), open: price, high: price, low: price, close: price, volume: 0 };
            opened = true;
          }
        }
        const price = Number(sample.price);
        const inLastBar = sample.serverTime >= bar.time && sample.serverTime < bar.time + bucketMs;
        if (inLastBar && sample.serverTime > foldedUntil && Number.isFinite(price)) {
          foldedUntil = sample.serverTime;
          bar = moved(bar, price);
        }
        flush();
      };

      const turnover = turnover$.subscribe({
        next: fromTurnover,
        error: (error: unknown) => subscriber.error(error),
      });
      const kdata = source.subscribe({
        next: fromKdata,
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      return () => {
        turnover.unsubscribe();
        kdata.unsubscribe();
      };
    });
}

function moved(bar: Candle, price: number): Candle {
  return {
    time: bar.time,
    open: bar.open,
    high: Math.max(bar.high, price),
    low: Math.min(bar.low, price),
    close: price,
    volume: bar.volume,
  };
}

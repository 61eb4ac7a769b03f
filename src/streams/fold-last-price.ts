import { Observable, type OperatorFunction } from 'rxjs';
import type { TurnoverSample } from './inputs.ts';
import { bucketStart, INTERVAL_MS } from '../contract/intervals.ts';
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
 * - One writer per candle: a closed bar is kdata's; the live bar, once a tick has moved it, is the tick
 *   stream's. kdata may then only widen its high/low and give its volume: a kdata answer read a moment
 *   before the last tick can never take the close back.
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
      /** The newest server time seen; a bar is closed once it has passed the bar's end. */
      let serverNow = -Infinity;
      /** A tick has moved the current last bar: its close is the tick stream's. */
      let ticked = false;

      const fromKdata = (delta: CandleDelta): void => {
        if (delta.kind === 'reset') {
          bucketMs = INTERVAL_MS[delta.interval];
          last = delta.bars[delta.bars.length - 1] ?? null;
          ticked = false;
          subscriber.next(delta);
          return;
        }
        let bar = delta.bar;
        if (last !== null && bar.time < last.time) return;
        const kind = last !== null && bar.time === last.time ? 'update' : 'append';
        if (kind === 'append') ticked = false;
        else if (last !== null && ticked && serverNow < bar.time + bucketMs) {
          // The live bar: kdata widens it and brings the volume; the close stays the tick stream's.
          bar = { ...last, high: Math.max(last.high, bar.high), low: Math.min(last.low, bar.low), volume: bar.volume };
          if (sameCandle(bar, last)) return;
        }
        last = bar;
        subscriber.next(kind === delta.kind && bar === delta.bar ? delta : { kind, bar });
      };

      const fromTurnover = (sample: TurnoverSample): void => {
        if (last === null) return;
        let bar: Candle = last;
        let opened = false;
        serverNow = Math.max(serverNow, sample.serverTime);
        const flush = (): void => {
          if (opened) subscriber.next({ kind: 'append', bar });
          else if (last !== null && !sameCandle(bar, last)) subscriber.next({ kind: 'update', bar });
          if (opened || (last !== null && !sameCandle(bar, last))) ticked = true;
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

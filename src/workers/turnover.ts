import { distinctUntilChanged, map, Observable } from 'rxjs';
import type { TurnoverSample } from '../streams/inputs.ts';
import type { PollState } from '../streams/messages.ts';
import { dataOf, type Hub } from './hub.ts';
import { restPeriodMs } from '../streams/rest-period.ts';
import type { Turnover } from './turnover-shape.ts';
import type { Quote, TapeMessage, TapeTrade, TurnoverStats } from './messages.ts';

import type { SnapshotState } from './share-with-snapshot.ts';

/** Trades the tape keeps (the server sends at most 50 per answer). */
export const TAPE_LENGTH = 50;


/**
 * The shared turnover poll of one product: the first request gets the latest trades, then only newer ones.
 * It is also the price of a screen that shows one product (`quoteDeltas`). A market at rest is asked less often
 * (`restPeriodMs`): an open one that did not trade backs off to the kdata pace, a closed one waits for its opening
 * (once a minute at most).
 */
export function turnoverPoll(hub: Hub, id: number): Observable<PollState<Turnover>> {
  return hub.poll<Turnover>(`product/trunover:${id}`, {
    periodMs: hub.periods.turnover,
    nextPeriodMs: (t) =>
      restPeriodMs(
        { open: t.open, nextOpen: t.nextOpen ?? null, serverTime: t.serverTime, quiet: t.quiet },
        { baseMs: hub.periods.turnover, calmMs: hub.periods.kdata, closedMs: hub.periods.closed },
      ),
    request: (() => {
      let cursor: number | undefined;
      let price: string | undefined;
      let quiet = 0;
      return async (signal: AbortSignal): Promise<Turnover> => {
        const since = cursor;
        const answer = await hub.post('product/trunover', since === undefined ? { id } : { id, since }, signal);
        const newest = answer.trades[answer.trades.length - 1];
        if (newest !== undefined) cursor = newest[0];
        quiet = newest === undefined && answer.price === price ? quiet + 1 : 0;
        price = answer.price;
        return { ...answer, since, quiet };
      };
    })(),
  });
}

/**
 * One product's turnover as it happens: from the worker's live stream, or where streaming does not work from its
 * turnover poll. Shared: the quote, the tape and the chart's live bar ride the same one.
 */
export function turnoverFeed(hub: Hub, id: number): Observable<PollState<Turnover>> {
  return hub.shared(`turnover:${id}`, () => hub.live.turnover(id, () => turnoverPoll(hub, id)));
}

/** One product's live quote (price, 24 h change, open) from its turnover, sent only when it changes. */
export function quoteDeltas(hub: Hub, id: number): Observable<Quote> {
  const quotes = (): Observable<Quote> =>
    dataOf(turnoverFeed(hub, id)).pipe(
      map((t): Quote => ({ kind: 'quote', price: t.price, changePct: t.changePct, open: t.open, nextOpen: t.nextOpen ?? null })),
      distinctUntilChanged((a, b) => a.price === b.price && a.changePct === b.changePct && a.open === b.open && a.nextOpen === b.nextOpen),
    );
  return hub.derived(`quote:${id}`, quotes, latestQuote);
}

function latestQuote(): SnapshotState<Quote> {
  let last: Quote | null = null;
  return { take: (q) => (last = q), snapshot: () => last };
}

/** What moves the last candle between kdata polls. */
export const turnoverSamples = (hub: Hub, id: number): Observable<TurnoverSample> =>
  dataOf(turnoverFeed(hub, id)).pipe(map((t) => ({ price: t.price, trades: t.trades, serverTime: t.serverTime })));

const statsOf = (t: Turnover): TurnoverStats => ({
  price: t.price,
  volume24h: t.volume24h,
  amount24h: t.amount24h,
  high24h: t.high24h,
  low24h: t.low24h,
});
const sameStats = (a: TurnoverStats, b: TurnoverStats): boolean =>
  a.price === b.price && a.volume24h === b.volume24h && a.amount24h === b.amount24h && a.high24h === b.high24h && a.low24h === b.low24h;

type TapeDelta = Exclude<TapeMessage, { kind: 'status' }>;

/** The trade tape of one product as deltas: a reset, then only new trades and stats that moved. */
export function tapeDeltas(hub: Hub, id: number): Observable<TapeDelta> {
  const deltas = (): Observable<TapeDelta> => new Observable<TapeDelta>((subscriber) => {
    let lastTime = -Infinity;
    let stats: TurnoverStats | null = null;
    return dataOf(turnoverFeed(hub, id)).subscribe((t) => {
      const fresh: TapeTrade[] = t.trades.filter((trade) => trade[0] > lastTime);
      const last = fresh[fresh.length - 1];
      if (last !== undefined) lastTime = last[0];
      const nextStats = statsOf(t);
      if (stats === null) {
        stats = nextStats;
        subscriber.next({ kind: 'reset', trades: fresh.slice(-TAPE_LENGTH), stats });
        return;
      }
      const moved = !sameStats(stats, nextStats);
      stats = nextStats;
      if (fresh.length > 0 || moved) subscriber.next({ kind: 'append', trades: fresh.slice(-TAPE_LENGTH), stats: moved ? nextStats : null });
    });
  });
  return hub.derived(`tape:${id}`, deltas, tapeSnapshot);
}

function tapeSnapshot(): SnapshotState<TapeDelta> {
  let trades: TapeTrade[] = [];
  let stats: TurnoverStats | null = null;
  return {
    take(delta) {
      trades = delta.kind === 'reset' ? [...delta.trades] : [...trades, ...delta.trades].slice(-TAPE_LENGTH);
      if (delta.stats !== null) stats = delta.stats;
    },
    snapshot: () => (stats === null ? null : { kind: 'reset', trades, stats }),
  };
}

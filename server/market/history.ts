import type { MarketProduct } from './catalog.ts';
import { DAY, HOUR, MINUTE, RES, type Bar, type Resolution, type Tick } from './feed.ts';
import { STREAM, type Rng } from './prng.ts';
import { isOpen, TRADING_DAY, tradingSecondsPerYear } from './sessions.ts';

/**
 * The simulator's path, second by second (live) or bar by bar (history, which must be cheap to make).
 * Prices walk as a driftless geometric random walk with the product's annual volatility spread over the
 * seconds its market trades; every draw comes from an `Rng` (prng.ts): the secret-keyed one for history, node:crypto for live ticks.
 */

/** σ of one step of `seconds` of trading. */
export const stepVol = (p: MarketProduct, seconds: number): number => p.sim.annualVol * Math.sqrt(seconds / tradingSecondsPerYear(p.session));

const toMinor = (x: number): bigint => {
  const v = Math.round(x);
  return BigInt(v >= 1 ? v : 1);
};

/** The tick of second `sec` (epoch seconds) after `price`, or null while the market is closed. */
export function secondTick(p: MarketProduct, rng: Rng, price: bigint, sec: number): Tick | null {
  const t = sec * 1000;
  if (!isOpen(p.session, t)) return null;
  const sigma = stepVol(p, 1);
  const next = toMinor(Number(price) * Math.exp(sigma * rng.normal(STREAM.tick, p.id, sec) - (sigma * sigma) / 2));
  const qty = toMinor(Number(p.sim.qty) * (0.2 + 1.6 * rng.uniform(STREAM.qty, p.id, sec)));
  return { productId: p.id, t, price: next, qty, up: next >= price };
}

/** Ticks for every open second in [fromSec, toSec], continuing from `price`. */
export function secondTicks(p: MarketProduct, rng: Rng, price: bigint, fromSec: number, toSec: number): { ticks: Tick[]; price: bigint } {
  const ticks: Tick[] = [];
  let last = price;
  for (let sec = fromSec; sec <= toSec; sec++) {
    const tick = secondTick(p, rng, last, sec);
    if (!tick) continue;
    ticks.push(tick);
    last = tick.price;
  }
  return { ticks, price: last };
}

/** A bar before rounding: prices are floats in minor units, so a whole walk can be rescaled at the end. */
interface RawBar {
  readonly t: number;
  readonly res: Resolution;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: bigint;
}

/** A bar exists when its market trades in it, looked at every half hour for hourly and daily bars. */
function barIsOpen(p: MarketProduct, t: number, res: Resolution): boolean {
  if (res === RES.minute) return isOpen(p.session, t);
  for (let at = t; at < t + res * 1000; at += 30 * MINUTE) if (isOpen(p.session, at)) return true;
  return false;
}

/** Seconds of trading in one bar, for its volume. */
const tradingSecondsIn = (p: MarketProduct, res: Resolution): number => (res === RES.day ? TRADING_DAY[p.session].minutesPerDay * RES.minute : res);

/** Bars of `res` for every open step in [from, to) (both multiples of res), starting at price `start`. */
export function walkBars(p: MarketProduct, rng: Rng, start: number, from: number, to: number, res: Resolution): { bars: RawBar[]; close: number } {
  const step = res * 1000;
  const seconds = tradingSecondsIn(p, res);
  const sigma = stepVol(p, seconds);
  const stream = res === RES.minute ? STREAM.minute : res === RES.hour ? STREAM.hour : STREAM.day;
  const wick = res === RES.minute ? 0 : res === RES.hour ? 2 : 4;
  const bars: RawBar[] = [];
  let price = start;
  for (let t = from; t < to; t += step) {
    if (!barIsOpen(p, t, res)) continue;
    const i = t / step;
    const close = price * Math.exp(sigma * rng.normal(stream, p.id, i) - (sigma * sigma) / 2);
    // Wicks: how far the price strayed inside the bar, about half a step's σ beyond open and close.
    const up = Math.abs(rng.normal(STREAM.wick, p.id, i * 6 + wick)) * sigma * 0.5;
    const down = Math.abs(rng.normal(STREAM.wick, p.id, i * 6 + wick + 1)) * sigma * 0.5;
    const volume = toMinor(Number(p.sim.qty) * seconds * (0.5 + rng.uniform(STREAM.volume, p.id, i, res)));
    bars.push({ t, res, open: price, close, high: Math.max(price, close) * Math.exp(up), low: Math.min(price, close) * Math.exp(-down), volume });
    price = close;
  }
  return { bars, close: price };
}

/** Rounds raw bars (times `factor`) to minor units; turnover uses the bar's typical price. */
export function finishBars(p: MarketProduct, raw: readonly RawBar[], factor = 1): Bar[] {
  return raw.map((b) => {
    const open = toMinor(b.open * factor);
    const close = toMinor(b.close * factor);
    const high = toMinor(b.high * factor);
    const low = toMinor(b.low * factor);
    const typical = (Number(open) + Number(high) + Number(low) + Number(close)) / 4;
    return {
      productId: p.id, res: b.res, t: b.t, open, close,
      high: high > (open > close ? open : close) ? high : open > close ? open : close,
      low: low < (open < close ? open : close) ? low : open < close ? open : close,
      volume: b.volume,
      turnover: BigInt(Math.round(typical * Number(b.volume))),
    };
  });
}

/**
 * How much history a first start makes: 1-minute bars for 48 h (a one-day chart is full at any interval),
 * hourly bars for 14 days before that (1h and 4h charts), daily bars for 120 days before that (1d chart).
 * Each folds into the coarser candles, so every interval is continuous. About 60k rows for 21 products.
 */
export const BACKFILL = { minuteSpan: 48 * HOUR, hourSpan: 14 * DAY, daySpan: 120 * DAY } as const;

/**
 * Where the 1-minute backfill starts: 48 h back from the current hour, or further for a market that was
 * closed for much of that (a stock on Monday morning), so that it holds at least two days of trading.
 */
function minuteHistoryStart(p: MarketProduct, end: number): number {
  const wanted = 2 * TRADING_DAY[p.session].minutesPerDay;
  let from = Math.floor(end / HOUR) * HOUR - BACKFILL.minuteSpan;
  const openMinutes = (a: number, b: number) => {
    let n = 0;
    for (let t = a; t < b; t += MINUTE) if (isOpen(p.session, t)) n++;
    return n;
  };
  let found = openMinutes(from, end);
  for (let extra = 0; found < wanted && extra < 7; extra++) {
    found += openMinutes(from - DAY, from);
    from -= DAY;
  }
  return from;
}

/**
 * History for a product that has none, ending at the current minute (exclusive: live ticks make that one).
 * The walk runs forward and is then scaled so it ends at the product's reference price.
 */
export function backfill(p: MarketProduct, rng: Rng, now: number): { bars: Bar[]; last: { t: number; price: bigint } } {
  const end = Math.floor(now / MINUTE) * MINUTE;
  const minuteFrom = minuteHistoryStart(p, end);
  const hourFrom = Math.floor(minuteFrom / DAY) * DAY - BACKFILL.hourSpan;
  const dayFrom = hourFrom - BACKFILL.daySpan;
  const days = walkBars(p, rng, 1, dayFrom, hourFrom, RES.day);
  const hours = walkBars(p, rng, days.close, hourFrom, minuteFrom, RES.hour);
  const minutes = walkBars(p, rng, hours.close, minuteFrom, end, RES.minute);
  const factor = Number(p.sim.price) / minutes.close;
  const bars = finishBars(p, [...days.bars, ...hours.bars, ...minutes.bars], factor);
  const lastBar = bars[bars.length - 1];
  return { bars, last: { t: end - 1000, price: lastBar ? lastBar.close : p.sim.price } };
}

/** Seconds of a gap filled tick by tick: every order open when the server stopped falls due inside it. */
export const GAP_DENSE_SECONDS = 600;

/**
 * The path for the time the server was down, from `last` to `now`. The first ten minutes are made second by
 * second (so orders due then settle at a real tick), then 1-minute bars (hourly beyond 48 h) with one tick per
 * bar at its close, and the current minute second by second again.
 */
export function fillGap(p: MarketProduct, rng: Rng, last: { t: number; price: bigint }, now: number): { ticks: Tick[]; bars: Bar[]; historyTicks: Tick[]; price: bigint } {
  const fromSec = Math.floor(last.t / 1000) + 1;
  const nowSec = Math.floor(now / 1000);
  const currentMinuteSec = Math.floor(now / MINUTE) * RES.minute;
  // Dense to the end of the minute the dense window ends in, so bars start on a minute boundary.
  const denseEndSec = Math.min(nowSec, Math.floor((fromSec + GAP_DENSE_SECONDS) / RES.minute) * RES.minute + RES.minute - 1);
  const dense = secondTicks(p, rng, last.price, fromSec, denseEndSec);
  if (denseEndSec >= nowSec) return { ticks: dense.ticks, bars: [], historyTicks: [], price: dense.price };
  if ((denseEndSec + 1) * 1000 >= currentMinuteSec * 1000) {
    const rest = secondTicks(p, rng, dense.price, denseEndSec + 1, nowSec);
    return { ticks: [...dense.ticks, ...rest.ticks], bars: [], historyTicks: [], price: rest.price };
  }
  const barsFrom = (denseEndSec + 1) * 1000;
  const barsTo = currentMinuteSec * 1000;
  // Older than 48 h, 1-minute bars would be pruned soon anyway: walk whole hours there instead.
  const hoursFrom = Math.ceil(barsFrom / HOUR) * HOUR;
  const hoursTo = Math.max(hoursFrom, Math.floor((barsTo - BACKFILL.minuteSpan) / HOUR) * HOUR);
  const raw = [];
  let price = Number(dense.price);
  if (hoursTo > hoursFrom) {
    const lead = walkBars(p, rng, price, barsFrom, hoursFrom, RES.minute);
    const hours = walkBars(p, rng, lead.close, hoursFrom, hoursTo, RES.hour);
    raw.push(...lead.bars, ...hours.bars);
    price = hours.close;
  }
  const minutes = walkBars(p, rng, price, hoursTo > hoursFrom ? hoursTo : barsFrom, barsTo, RES.minute);
  raw.push(...minutes.bars);
  const bars = finishBars(p, raw);
  const historyTicks: Tick[] = [];
  let prev = dense.price;
  for (const b of bars) {
    historyTicks.push({ productId: p.id, t: b.t + b.res * 1000 - 1000, price: b.close, qty: p.sim.qty, up: b.close >= prev });
    prev = b.close;
  }
  const tail = secondTicks(p, rng, prev, currentMinuteSec, nowSec);
  return { ticks: [...dense.ticks, ...tail.ticks], bars, historyTicks, price: tail.price };
}

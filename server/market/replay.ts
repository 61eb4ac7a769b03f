import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MarketProduct } from './catalog.ts';
import { emptyBatch, endOfSecond, type Feed, type FeedBatch, type LastPrice, type Tick } from './feed.ts';
import { log } from '../log.ts';
import { parseScaled } from './prices.ts';
import { cryptoRng, type Rng } from './prng.ts';

/** One OHLCV row of a replay file, prices as written. */
export interface OhlcvRow {
  readonly t: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
}

const HEADER = 'time,open,high,low,close,volume';

/** Epoch ms, epoch seconds (10 digits or fewer) or an ISO date. */
function parseTime(text: string, line: number): number {
  if (/^\d+$/.test(text)) return text.length <= 10 ? Number(text) * 1000 : Number(text);
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw new Error(`replay line ${line}: bad time "${text}"`);
  return t;
}

/** Parses `time,open,high,low,close,volume` CSV; rows must be in time order. */
export function parseOhlcvCsv(text: string): OhlcvRow[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines[0]?.toLowerCase().replace(/\s/g, '') !== HEADER) throw new Error(`replay: the header must be "${HEADER}"`);
  const out: OhlcvRow[] = [];
  for (const [i, line] of lines.slice(1).entries()) {
    const [time = '', open = '', high = '', low = '', close = '', volume = ''] = line.split(',').map((c) => c.trim());
    const row = { t: parseTime(time, i + 2), open, high, low, close, volume };
    for (const v of [open, high, low, close, volume]) if (!/^\d+(\.\d+)?$/.test(v)) throw new Error(`replay line ${i + 2}: bad number "${v}"`);
    const prev = out[out.length - 1];
    if (prev && row.t <= prev.t) throw new Error(`replay line ${i + 2}: time goes backwards`);
    out.push(row);
  }
  if (!out.length) throw new Error('replay: no rows');
  return out;
}

/** A bar lasts until the next one; the last lasts as long as the one before it (a lone bar: a minute). */
function barLength(rows: readonly OhlcvRow[], i: number): number {
  const r = rows[i];
  const next = rows[i + 1];
  const prev = rows[i - 1];
  if (!r) return 60_000;
  if (next) return next.t - r.t;
  return prev ? r.t - prev.t : 60_000;
}

/** One bar of a replay file in minor units, timed as an offset from the pass start. */
interface ScheduledBar {
  readonly offset: number;
  readonly length: number;
  readonly o: bigint;
  readonly h: bigint;
  readonly l: bigint;
  readonly c: bigint;
  readonly volume: bigint;
}

interface Scheduled {
  readonly product: MarketProduct;
  readonly bars: readonly ScheduledBar[];
  readonly span: number;
  passIndex: number;
  bar: number;
  /** The ticks of the bar in progress, made only when that bar begins; `emitted` of them are out. */
  path: { offset: number; price: bigint; qty: bigint }[] | null;
  emitted: number;
  lastPrice: bigint | null;
  ended: boolean;
}

export interface ReplaySource {
  readonly product: MarketProduct;
  readonly rows: readonly OhlcvRow[];
}

export interface ReplayOptions {
  /** Start the file again when it ends (with a warning each time); otherwise stop with a warning. */
  readonly loop?: boolean;
  readonly startAt?: number;
  /** The path inside each bar; node:crypto unless a test injects another. */
  readonly rng?: Rng;
  readonly warn?: (message: string) => void;
}

/**
 * Ticks per bar: one a second, at least 4 (open, both extremes, close), at most 300 (a long bar gets a tick
 * every few seconds). Many small steps keep the path close to a real walk: with few, the forced turns at the
 * extremes would make the next move guessable.
 */
export const pointsIn = (length: number) => Math.min(300, Math.max(4, Math.floor(length / 1000)));

/**
 * A random path through one bar: it opens at o, closes at c, touches h and l once each at random moments (so
 * which extreme comes first says nothing about the colour of the bar) and wanders between those anchors as a
 * Brownian bridge clamped to [l, h]. Made with fresh randomness when the bar begins, so nothing in memory or in
 * the repository tells the bar in progress ahead of its time.
 */
export function barPath(bar: ScheduledBar, rng: Rng): { offset: number; price: bigint; qty: bigint }[] {
  const n = pointsIn(bar.length);
  const spacing = Math.max(1000, Math.floor(bar.length / n / 1000) * 1000);
  const values: number[] = new Array<number>(n).fill(Number(bar.o));
  values[n - 1] = Number(bar.c);
  // Where a walk peaks follows the arcsine law (near either end more often than the middle); placing both
  // extremes that way, independently and in random order, keeps the path's moves as uncorrelated as a walk's.
  const arcsine = () => Math.min(n - 2, Math.max(1, Math.round(Math.sin((Math.PI / 2) * rng.uniform(0, 0, 0)) ** 2 * (n - 1))));
  const hAt = arcsine();
  let lAt = arcsine();
  while (lAt === hAt) lAt = arcsine();
  values[hAt] = Number(bar.h);
  values[lAt] = Number(bar.l);
  const anchors = [0, hAt, lAt, n - 1].sort((a, b) => a - b);
  const range = Number(bar.h - bar.l);
  // A walk's range over n steps is about 1.6 σ √n; a little rougher than that offsets the clamping at the
  // extremes. Measured over 180,000 ticks of bars from a 1-second walk: next move = last move 50.1 % (1.6: 51.7 %).
  const sigma = range / (1.3 * Math.sqrt(n));
  for (let a = 0; a + 1 < anchors.length; a++) {
    const i = anchors[a] ?? 0;
    const j = anchors[a + 1] ?? 0;
    if (j - i < 2) continue;
    // A discrete Brownian bridge from 0 to 0 over (i, j), added to the straight line between the anchors.
    const walk = [0];
    for (let k = i + 1; k <= j; k++) walk.push((walk[walk.length - 1] ?? 0) + sigma * rng.normal(0, 0, 0));
    const end = walk[walk.length - 1] ?? 0;
    const from = values[i] ?? 0;
    const to = values[j] ?? 0;
    for (let k = i + 1; k < j; k++) {
      const f = (k - i) / (j - i);
      const v = from + (to - from) * f + (walk[k - i] ?? 0) - end * f;
      values[k] = Math.min(Number(bar.h), Math.max(Number(bar.l), v));
    }
  }
  const part = bar.volume / BigInt(n);
  return values.map((v, k) => ({
    offset: bar.offset + k * spacing,
    price: k === 0 ? bar.o : k === n - 1 ? bar.c : k === hAt ? bar.h : k === lAt ? bar.l : BigInt(Math.round(v)),
    qty: k === n - 1 ? bar.volume - part * BigInt(n - 1) : part,
  }));
}

/**
 * Replays OHLCV bars as ticks in real time from the moment it starts: each bar becomes a random path of one
 * tick a second (barPath) that rebuilds its candle exactly, revealed only as their times pass. When the file ends it
 * says so: with `loop` it starts over (and warns), without it the product stops ticking (and warns).
 */
export class ReplayFeed implements Feed {
  readonly name = 'replay';
  private readonly scheduled: Scheduled[];
  private startAt: number | null = null;
  private readonly rng: Rng;
  private readonly warn: (message: string) => void;

  constructor(sources: readonly ReplaySource[], private readonly opts: ReplayOptions = {}) {
    this.scheduled = sources.map((s) => ReplayFeed.schedule(s));
    this.startAt = opts.startAt ?? null;
    this.rng = opts.rng ?? cryptoRng();
    this.warn = opts.warn ?? ((m) => log.warn(m));
  }

  private static schedule({ product, rows }: ReplaySource): Scheduled {
    const first = rows[0]?.t ?? 0;
    const bars: ScheduledBar[] = rows.map((r, i) => {
      const [o, h, l, c] = [r.open, r.high, r.low, r.close].map((v) => parseScaled(v, product.decimals)) as [bigint, bigint, bigint, bigint];
      return { offset: Math.floor((r.t - first) / 1000) * 1000, length: barLength(rows, i), o, h, l, c, volume: parseScaled(r.volume, product.qtyDecimals) };
    });
    const lastRow = rows[rows.length - 1];
    // One pass lasts from the first bar's open to the last bar's end; a loop starts the next pass there.
    const span = lastRow ? Math.ceil((lastRow.t - first + barLength(rows, rows.length - 1)) / 1000) * 1000 : 60_000;
    return { product, bars, span, passIndex: 0, bar: 0, path: null, emitted: 0, lastPrice: null, ended: false };
  }

  resume(_stored: ReadonlyMap<number, LastPrice>, now: number): FeedBatch {
    // A replay has no history of its own; it starts at the next whole second.
    this.startAt ??= Math.floor(now / 1000) * 1000 + 1000;
    return emptyBatch();
  }

  /** Ticks are stamped on whole seconds: the start is one, and every offset is a multiple of 1000. */
  finalUpTo(now: number): number {
    return endOfSecond(now);
  }

  poll(now: number): FeedBatch {
    const startAt = (this.startAt ??= Math.floor(now / 1000) * 1000);
    const ticks: Tick[] = [];
    for (const s of this.scheduled) {
      while (!s.ended) {
        if (s.bar >= s.bars.length) {
          if (!this.opts.loop) {
            s.ended = true;
            this.warn(`[replay] ${s.product.symbol}: the file has ended; this product gets no more ticks`);
            break;
          }
          // The next pass begins when this one's span is over, not as soon as its last tick is out.
          if (startAt + (s.passIndex + 1) * s.span > now) break;
          s.passIndex += 1;
          s.bar = 0;
          this.warn(`[replay] ${s.product.symbol}: the file has ended; replaying it again from the first bar (pass ${s.passIndex + 1})`);
        }
        const bar = s.bars[s.bar];
        if (!bar) break;
        const passStart = startAt + s.passIndex * s.span;
        if (passStart + bar.offset > now) break;
        s.path ??= barPath(bar, this.rng);
        const item = s.path[s.emitted];
        if (!item) {
          s.bar += 1;
          s.path = null;
          s.emitted = 0;
          continue;
        }
        const t = passStart + item.offset;
        if (t > now) break;
        ticks.push({ productId: s.product.id, t, price: item.price, qty: item.qty, up: s.lastPrice === null || item.price >= s.lastPrice });
        s.lastPrice = item.price;
        s.emitted += 1;
      }
    }
    ticks.sort((a, b) => a.t - b.t);
    return { ticks, bars: [], historyTicks: [] };
  }
}

/** The `<SYMBOL>.csv` files of a directory, by upper-case symbol. */
function replayFiles(dir: string): Map<string, string> {
  const files = readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.csv')).sort();
  return new Map(files.map((f) => [f.slice(0, -4).toUpperCase(), f]));
}

/**
 * The upper-case symbols a directory has a file for: the products that replay. Names only, so every instance
 * can tell (the app marks them demo) wherever the feed itself runs.
 */
export const replaySymbols = (dir: string): ReadonlySet<string> => new Set(replayFiles(dir).keys());

/** Reads `<SYMBOL>.csv` files from a directory for the products they name; others are ignored. */
export function loadReplayDir(dir: string, products: readonly MarketProduct[]): ReplaySource[] {
  const bySymbol = new Map(products.map((p) => [p.symbol.toUpperCase(), p]));
  const sources: ReplaySource[] = [];
  for (const [symbol, file] of replayFiles(dir)) {
    const product = bySymbol.get(symbol);
    if (product) sources.push({ product, rows: parseOhlcvCsv(readFileSync(join(dir, file), 'utf8')) });
  }
  return sources;
}

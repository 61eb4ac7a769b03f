import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MarketProduct } from './catalog.ts';
import { emptyBatch, endOfSecond, type Feed, type FeedBatch, type LastPrice, type Tick } from './feed.ts';
import { parseScaled } from './prices.ts';

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

interface Scheduled {
  readonly product: MarketProduct;
  /** Ticks of one pass, as offsets from the pass start. */
  readonly pass: readonly { offset: number; price: bigint; qty: bigint }[];
  readonly span: number;
  passIndex: number;
  next: number;
  lastPrice: bigint | null;
}

export interface ReplaySource {
  readonly product: MarketProduct;
  readonly rows: readonly OhlcvRow[];
}

/**
 * Replays OHLCV bars as ticks in real time from the moment it starts: each bar becomes four ticks spread over
 * its length (open; low then high for a rising bar, high then low otherwise; close), the volume split between
 * them. With `loop`, it starts over when the file ends.
 */
export class ReplayFeed implements Feed {
  readonly name = 'replay';
  private readonly scheduled: Scheduled[];
  private startAt: number | null = null;

  constructor(sources: readonly ReplaySource[], private readonly opts: { loop?: boolean; startAt?: number } = {}) {
    this.scheduled = sources.map((s) => ReplayFeed.schedule(s));
    this.startAt = opts.startAt ?? null;
  }

  private static schedule({ product, rows }: ReplaySource): Scheduled {
    const first = rows[0]?.t ?? 0;
    const pass: { offset: number; price: bigint; qty: bigint }[] = [];
    for (const [i, r] of rows.entries()) {
      const length = barLength(rows, i);
      // At least 4 s per bar, so its four ticks land on four different seconds.
      const quarter = Math.max(1000, Math.floor(length / 4000) * 1000);
      const [o, h, l, c] = [r.open, r.high, r.low, r.close].map((v) => parseScaled(v, product.decimals)) as [bigint, bigint, bigint, bigint];
      const volume = parseScaled(r.volume, product.qtyDecimals);
      const part = volume / 4n;
      const path = c >= o ? [o, l, h, c] : [o, h, l, c];
      const base = Math.floor((r.t - first) / 1000) * 1000;
      path.forEach((price, k) => pass.push({ offset: base + k * quarter, price, qty: k === 3 ? volume - part * 3n : part }));
    }
    const lastRow = rows[rows.length - 1];
    // One pass lasts from the first bar's open to the last bar's end; a loop starts the next pass there.
    const span = lastRow ? Math.ceil((lastRow.t - first + barLength(rows, rows.length - 1)) / 1000) * 1000 : 60_000;
    return { product, pass, span, passIndex: 0, next: 0, lastPrice: null };
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
      for (;;) {
        if (s.next >= s.pass.length) {
          if (!this.opts.loop) break;
          s.passIndex += 1;
          s.next = 0;
        }
        const item = s.pass[s.next];
        if (!item) break;
        const t = startAt + s.passIndex * s.span + item.offset;
        if (t > now) break;
        ticks.push({ productId: s.product.id, t, price: item.price, qty: item.qty, up: s.lastPrice === null || item.price >= s.lastPrice });
        s.lastPrice = item.price;
        s.next += 1;
      }
    }
    ticks.sort((a, b) => a.t - b.t);
    return { ticks, bars: [], historyTicks: [] };
  }
}

/** Reads `<SYMBOL>.csv` files from a directory for the products they name; others are ignored. */
export function loadReplayDir(dir: string, products: readonly MarketProduct[]): ReplaySource[] {
  const bySymbol = new Map(products.map((p) => [p.symbol.toUpperCase(), p]));
  const sources: ReplaySource[] = [];
  for (const file of readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.csv')).sort()) {
    const product = bySymbol.get(file.slice(0, -4).toUpperCase());
    if (product) sources.push({ product, rows: parseOhlcvCsv(readFileSync(join(dir, file), 'utf8')) });
  }
  return sources;
}

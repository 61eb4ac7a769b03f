import type { z } from 'zod';
import type { trade } from '../../src/contract/market.ts';
import type { Clock, CancelTimer } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { loadProducts, type MarketProduct } from './catalog.ts';
import { formatScaled, parseScaled } from './prices.ts';
import { quoteOf, quotes, summaryOf, type Quote } from './quotes.ts';
import { watermark } from './recorder.ts';
import { tradesAfter, type TradesAfter } from './live-trades.ts';
import { turnover24h } from './turnover.ts';

type Trade = z.infer<typeof trade>;

/**
 * An event many streams send alike this step: the same text, after the same `history` (the last bytes of events
 * each of them has just sent). Its encoding is made once, by the first stream that needs it, for all of them.
 */
export interface SharedEvent {
  readonly text: string;
  readonly history: Buffer;
  encoded?: Uint8Array;
}

/**
 * Where one stream's events go. `send` answers false when the client cannot keep up: the stream is then dropped.
 * `shared`, when given, is this very text, and the stream's last `shared.history.length` bytes were that history.
 */
export interface LiveSink {
  send(text: string, shared?: SharedEvent): boolean;
  close(): void;
}

/**
 * How much of its cohort's recent events a stream must have sent, byte for byte, before it takes shared events:
 * its compressor's window (event-stream.ts), so a shared event compresses as well as its own compressor would.
 */
export const SHARED_HISTORY_BYTES = 4096;

export interface LiveRequest {
  readonly watch: readonly { readonly id: number; readonly since: number | undefined }[];
  readonly quotes: readonly { readonly id: number }[];
}

/** An idle stream still gets an event this often: the client knows it is alive, and proxies keep it open. */
export const KEEPALIVE_MS = 15_000;
/**
 * A watched product's 24 h figures are read again this often (volume and amount move with every trade, but a
 * member need not pay for them every second), and at once when a trade makes a new high or low.
 */
const STATS_EVERY_MS = 10_000;
/** The catalogue is read again this often (a product added, withdrawn or renamed). */
const CATALOG_EVERY_MS = 60_000;

interface Watcher {
  readonly sink: LiveSink;
  readonly full: ReadonlySet<number>;
  /** Every product this stream quotes (the watched ones too), in the order asked. */
  readonly quoted: readonly number[];
  readonly sentQuote: Map<number, string>;
  readonly sentStats: Map<number, string>;
  /** A resume whose cursor is ahead of this instance: its trades at or before it were sent already. */
  readonly floor: Map<number, number>;
  lastSentAt: number;
  /** Events built while its first one was being read, sent right after it. */
  pending: string[] | null;
  /** Streams asking the same thing: after a while they send the same events (null: a cohort's stand-in). */
  readonly cohort: Cohort | null;
  /** Bytes of its cohort's events it has sent in a row, up to now (0 after any event of its own). */
  inStep: number;
}

/**
 * The streams that asked the same (watched and quoted products): once each has sent an event of the products' own,
 * they send the same text every step. A stand-in stream that never opened decides that text; a stream that has
 * sent the stand-in's last SHARED_HISTORY_BYTES of events too gets the step's event shared (compressed once).
 */
interface Cohort {
  readonly key: string;
  readonly standIn: Watcher;
  members: number;
  /** The stand-in's last SHARED_HISTORY_BYTES of events. */
  history: Buffer;
}

/** What one step read: per product, its new trades, quote and 24 h figures as JSON text, shared by every stream. */
interface StepParts {
  readonly trades: ReadonlyMap<number, readonly Trade[]>;
  /** Each product's trades as JSON, written once per step for every stream that takes them all (most do). */
  readonly tradesJson: Map<number, string>;
  readonly quotes: Map<number, string>;
  readonly stats: Map<number, string>;
}

/**
 * The live market of one instance: every stream (GET product/live) it serves, and one step per new watermark that
 * reads what happened once (the new trades of every product, the quotes, the figures of watched products) and
 * hands each stream the part it watches. A watermark says every tick at or before it is recorded, so the
 * trades after the last step and up to it are complete and final: each is sent once, in order, to every stream.
 * Watermarks come from the feed in this process and, on PostgreSQL, from every other instance's feed by NOTIFY.
 * Nothing here decides anything: it only relays what the database holds.
 */
export class LiveMarket {
  private readonly watchers = new Set<Watcher>();
  private readonly cohorts = new Map<string, Cohort>();
  /** Every stream has been sent what happened up to here (null until first read). */
  private published: number | null = null;
  private heard = 0;
  private running: Promise<void> | null = null;
  private rerun = false;
  private catalog: { readonly at: number; readonly byId: Map<number, MarketProduct> } | null = null;
  private readonly statsCache = new Map<number, { readonly json: string; readonly at: number; readonly high: bigint; readonly low: bigint }>();
  private keepalive: CancelTimer | null = null;
  /** Quote changes worked out this step (cleared each step): one diff however many streams need it. */
  private readonly quoteChanges = new Map<string, string>();
  /**
   * What streams opening at the same watermark read for their first event (the quotes, and the trades after each
   * cursor asked), read once for all of them: a crowd reconnecting after a restart opens thousands in seconds.
   */
  private opening: { readonly upTo: number; readonly quotes: Promise<Map<number, Quote>>; readonly trades: Map<string, Promise<Map<number, Trade[]>>> } | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly replayed: ReadonlySet<string>,
  ) {}

  /** A new watermark (from this process's feed or a NOTIFY); older or repeated ones are ignored. */
  watermarkRose(w: number): void {
    if (w <= this.heard) return;
    this.heard = w;
    this.kick();
  }

  /** How many streams are open (metrics, tests). */
  get streams(): number {
    return this.watchers.size;
  }

  /**
   * Opens a stream: its first event (every product's quote; a watched one's figures and trades after its cursor)
   * goes out before this resolves, then one event per step that changed something it watches. Unknown products
   * are refused before anything is sent.
   */
  async subscribe(req: LiveRequest, sink: LiveSink): Promise<() => void> {
    if (this.stopped) {
      // Stopping: a stream that ends before its first event is retried by the client, elsewhere or after the restart.
      sink.close();
      return () => undefined;
    }
    const products = await this.products();
    const ids = [...req.watch.map((w) => w.id), ...req.quotes.map((q) => q.id)];
    if (ids.some((id) => !products.has(id))) throw new ApiError('error.product_unknown');
    if (this.published === null) {
      const w = await watermark(this.db);
      this.published ??= w;
      this.heard = Math.max(this.heard, w);
    }
    const upTo = this.published;
    const full = new Set(req.watch.map((w) => w.id));
    const quoted = [...new Set(ids)];
    const watcher: Watcher = {
      sink,
      full,
      quoted,
      sentQuote: new Map(),
      sentStats: new Map(),
      floor: new Map(req.watch.flatMap((w) => (w.since !== undefined && w.since > upTo ? [[w.id, w.since] as const] : []))),
      lastSentAt: this.clock.now(),
      pending: [],
      cohort: this.join(full, quoted),
      inStep: 0,
    };
    this.watchers.add(watcher);
    this.armKeepalive();
    const unsubscribe = () => this.forget(watcher);
    try {
      const wanted = req.watch.map((w): TradesAfter => ({ id: w.id, after: w.since ?? -1 }));
      const start = this.startReads(upTo);
      const q = await start.quotes;
      const parts: StepParts = {
        trades: await this.sharedRead(start.trades, wanted.map((w) => `${w.id}:${w.after}`).join(','), () => tradesAfter(this.db, products, wanted, upTo)),
        tradesJson: new Map(),
        quotes: this.quoteTexts(products, q, watcher.quoted),
        stats: await this.readStats(products, q, full, new Set(), true),
      };
      const first = this.eventFor(watcher, upTo, parts, true);
      const queued = watcher.pending ?? [];
      watcher.pending = null;
      if (!this.deliver(watcher, first ?? `data: {"w":${upTo}}\n\n`)) return unsubscribe;
      for (const text of queued) if (!this.deliver(watcher, text)) break;
    } catch (e) {
      unsubscribe();
      throw e;
    }
    return unsubscribe;
  }

  /** The cohort of streams asking for these products (a new one starts with a stand-in of its own). */
  private join(full: ReadonlySet<number>, quoted: readonly number[]): Cohort {
    const key = `${[...full].join(',')}|${quoted.join(',')}`;
    let cohort = this.cohorts.get(key);
    if (cohort === undefined) {
      const standIn: Watcher = {
        sink: { send: () => true, close: () => undefined },
        full,
        quoted,
        sentQuote: new Map(),
        sentStats: new Map(),
        floor: new Map(),
        lastSentAt: this.clock.now(),
        pending: null,
        cohort: null,
        inStep: 0,
      };
      cohort = { key, standIn, members: 0, history: Buffer.alloc(0) };
      this.cohorts.set(key, cohort);
    }
    cohort.members++;
    return cohort;
  }

  private forget(w: Watcher): void {
    if (!this.watchers.delete(w)) return;
    if (w.cohort && --w.cohort.members === 0) this.cohorts.delete(w.cohort.key);
  }

  /** The first-event reads shared by the streams opening at `upTo` (a new watermark starts afresh). */
  private startReads(upTo: number): NonNullable<LiveMarket['opening']> {
    if (this.opening?.upTo !== upTo) {
      const opening = { upTo, quotes: quotes(this.db, this.clock.now()), trades: new Map<string, Promise<Map<number, Trade[]>>>() };
      // A failed read fails the streams waiting on it; the next one to open reads again.
      opening.quotes.catch(() => {
        if (this.opening === opening) this.opening = null;
      });
      this.opening = opening;
    }
    return this.opening;
  }

  private sharedRead<T>(held: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
    let p = held.get(key);
    if (p === undefined) {
      p = read();
      held.set(key, p);
      p.catch(() => held.delete(key));
    }
    return p;
  }

  /** Ends every stream (a graceful stop: clients resume elsewhere from their cursor). */
  stop(): void {
    this.stopped = true;
    this.keepalive?.();
    for (const w of this.watchers) w.sink.close();
    this.watchers.clear();
    this.cohorts.clear();
  }

  private kick(): void {
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.rerun = false;
    this.running = this.step()
      .catch((e: unknown) => console.error('[live] step failed', e))
      .finally(() => {
        this.running = null;
        if (this.rerun && !this.stopped) this.kick();
      });
  }

  private armKeepalive(): void {
    if (this.keepalive !== null || this.stopped) return;
    this.keepalive = this.clock.setTimer(() => {
      this.keepalive = null;
      if (this.watchers.size === 0) return;
      this.kick();
      this.armKeepalive();
    }, KEEPALIVE_MS / 3);
  }

  /** Reads what happened since the last step, once, and sends each stream its part. */
  private async step(): Promise<void> {
    const from = this.published;
    const to = Math.max(this.heard, from ?? 0);
    if (from === null || this.watchers.size === 0) {
      // Nobody to tell: a stream that opens later reads its start itself.
      if (this.watchers.size === 0) this.published = from === null ? null : to;
      return;
    }
    const products = await this.products();
    const full = new Set<number>();
    const quoted = new Set<number>();
    for (const w of this.watchers) {
      for (const id of w.full) full.add(id);
      for (const id of w.quoted) quoted.add(id);
    }
    const all = [...products.keys()];
    // Every product's trades, watched or not: a stream that opened during this step watches what it likes.
    const trades = to > from ? await tradesAfter(this.db, products, all.map((id) => ({ id, after: from })), to) : new Map<never, never>();
    const outside = this.beyondHighLow(products, trades);
    const q = await quotes(this.db, this.clock.now());
    const parts: StepParts = {
      trades,
      tradesJson: new Map(),
      quotes: this.quoteTexts(products, q, [...quoted]),
      stats: await this.readStats(products, q, full, outside, false),
    };
    this.published = to;
    this.quoteChanges.clear();
    // Each cohort's event this step, as its stand-in would send it, after the history it has sent so far.
    const shared = new Map<Cohort, SharedEvent | null>();
    for (const c of this.cohorts.values()) {
      const text = this.eventFor(c.standIn, to, parts, false, from);
      if (text !== null) c.standIn.lastSentAt = this.clock.now();
      shared.set(c, text === null ? null : { text, history: c.history });
    }
    for (const w of [...this.watchers]) {
      const text = this.eventFor(w, to, parts, false, from);
      const same = (w.cohort && shared.get(w.cohort)) ?? null;
      if (text === null) {
        // It sent nothing where its cohort sent something: its history is its own now.
        if (same !== null) w.inStep = 0;
        continue;
      }
      if (w.pending !== null) {
        w.pending.push(text);
        w.inStep = 0;
        continue;
      }
      if (same === null || same.text !== text) {
        w.inStep = 0;
        this.deliver(w, text);
        continue;
      }
      const inStep = w.inStep >= same.history.length;
      w.inStep += Buffer.byteLength(text);
      this.deliver(w, text, inStep ? same : undefined);
    }
    for (const [c, same] of shared) {
      if (same !== null) c.history = Buffer.concat([c.history, Buffer.from(same.text)]).subarray(-SHARED_HISTORY_BYTES);
    }
  }

  private deliver(w: Watcher, text: string, shared?: SharedEvent): boolean {
    w.lastSentAt = this.clock.now();
    if (w.sink.send(text, shared)) return true;
    this.forget(w);
    w.sink.close();
    return false;
  }

  /** One stream's event for a step (or its first), or null when nothing it watches changed and it spoke lately. */
  private eventFor(w: Watcher, upTo: number, parts: StepParts, first: boolean, from = -1): string | null {
    const items: string[] = [];
    // While its first event is being read, a stream's step events carry trades only: that first event brings the
    // quote and figures, and later changes are told against it.
    const tradesOnly = !first && w.pending !== null;
    for (const id of w.quoted) {
      let item = '';
      if (w.full.has(id)) {
        let list = parts.trades.get(id);
        let shared = true;
        const floor = w.floor.get(id);
        if (floor !== undefined) {
          if (floor <= upTo) w.floor.delete(id);
          if (floor > from) {
            list = list?.filter((t) => t[0] > floor);
            shared = false;
          }
        }
        if (list !== undefined && list.length > 0) item += `,"trades":${shared ? this.tradesJson(parts, id, list) : JSON.stringify(list)}`;
        const stats = tradesOnly ? undefined : parts.stats.get(id);
        if (stats !== undefined && stats !== w.sentStats.get(id)) {
          item += `,"stats":${stats}`;
          w.sentStats.set(id, stats);
        }
      }
      const quote = tradesOnly ? undefined : parts.quotes.get(id);
      const sent = w.sentQuote.get(id);
      if (quote !== undefined && quote !== sent) {
        item += `,"quote":${sent === undefined ? quote : this.quoteChange(sent, quote)}`;
        w.sentQuote.set(id, quote);
      }
      if (item !== '') items.push(`{"id":${id}${item}}`);
    }
    if (items.length === 0 && !first && this.clock.now() - w.lastSentAt < KEEPALIVE_MS) return null;
    return `data: {"w":${upTo}${items.length ? `,"products":[${items.join(',')}]` : ''}}\n\n`;
  }

  /** The fields of a quote that changed, as JSON (`nextOpen: null` once gone); shared by every stream that held `from`. */
  private quoteChange(from: string, to: string): string {
    const key = `${from}\n${to}`;
    let change = this.quoteChanges.get(key);
    if (change === undefined) {
      const before = JSON.parse(from) as Record<string, unknown>;
      const after = JSON.parse(to) as Record<string, unknown>;
      const diff: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(after)) if (JSON.stringify(v) !== JSON.stringify(before[k])) diff[k] = v;
      for (const k of Object.keys(before)) if (!(k in after)) diff[k] = null;
      change = JSON.stringify(diff);
      this.quoteChanges.set(key, change);
    }
    return change;
  }

  /** A product's trades of this step as JSON: the same text for every stream, so written once per step. */
  private tradesJson(parts: StepParts, id: number, list: readonly Trade[]): string {
    let json = parts.tradesJson.get(id);
    if (json === undefined) {
      json = JSON.stringify(list);
      parts.tradesJson.set(id, json);
    }
    return json;
  }

  private quoteTexts(products: ReadonlyMap<number, MarketProduct>, q: ReadonlyMap<number, Quote>, ids: readonly number[]): Map<number, string> {
    const out = new Map<number, string>();
    const now = this.clock.now();
    for (const id of ids) {
      const p = products.get(id);
      if (!p) continue;
      // The stream names the product once per item: its quote goes without the id.
      out.set(id, JSON.stringify(quoteOf(summaryOf(p, q.get(id), now, this.replayed.has(p.symbol.toUpperCase()))), (key, value: unknown) => (key === 'id' ? undefined : value)));
    }
    return out;
  }

  /** The 24 h figures of watched products that traded (or whose figures are old), as turnover answers carry them. */
  private async readStats(products: ReadonlyMap<number, MarketProduct>, q: ReadonlyMap<number, Quote>, watched: ReadonlySet<number>, moved: ReadonlySet<number>, all: boolean): Promise<Map<number, string>> {
    const now = this.clock.now();
    const out = new Map<number, string>();
    for (const id of watched) {
      const p = products.get(id);
      if (!p) continue;
      const held = this.statsCache.get(id);
      if (held && !moved.has(id) && now - held.at < STATS_EVERY_MS) {
        if (all) out.set(id, held.json);
        continue;
      }
      const day = await turnover24h(this.db, p, now);
      const price = q.get(id)?.price ?? p.sim.price;
      const high = day.high ?? price;
      const low = day.low ?? price;
      const json = JSON.stringify({
        volume24h: day.volume,
        amount24h: day.amount,
        high24h: formatScaled(high, p.decimals),
        low24h: formatScaled(low, p.decimals),
      });
      this.statsCache.set(id, { json, at: now, high, low });
      out.set(id, json);
    }
    return out;
  }

  /** Products whose new trades went above their held 24 h high or below its low: their figures are read now. */
  private beyondHighLow(products: ReadonlyMap<number, MarketProduct>, trades: ReadonlyMap<number, readonly Trade[]>): Set<number> {
    const out = new Set<number>();
    for (const [id, list] of trades) {
      const held = this.statsCache.get(id);
      const p = products.get(id);
      if (!held || !p) continue;
      if (list.some((t) => {
        const price = parseScaled(t[1], p.decimals);
        return price > held.high || price < held.low;
      })) out.add(id);
    }
    return out;
  }

  private async products(): Promise<ReadonlyMap<number, MarketProduct>> {
    const now = this.clock.now();
    if (this.catalog === null || now - this.catalog.at >= CATALOG_EVERY_MS) {
      this.catalog = { at: now, byId: new Map((await loadProducts(this.db)).map((p) => [p.id, p])) };
    }
    return this.catalog.byId;
  }
}

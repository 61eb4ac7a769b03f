import type { MarketProduct } from './catalog.ts';
import { endOfSecond, type Bar, type Feed, type FeedBatch, type LastPrice, type Tick } from './feed.ts';
import { backfill, fillGap, secondTicks } from './history.ts';
import { cryptoRng, keyedRng, type Rng } from './prng.ts';

/** A poll that finds more than this many seconds missing (a suspended process) fills them as a gap instead. */
const LIVE_GAP_SECONDS = 120;

/**
 * The embedded default feed: a random walk per product with its own volatility and trading hours.
 * History made at a first start comes from the database's secret market seed (server/secrets.ts); every tick
 * after that, live or filling a downtime gap, comes from node:crypto, so no future price can be computed from
 * the repository or from the past. It keeps only the last price of each product.
 */
export class Simulator implements Feed {
  readonly name = 'simulator';
  private readonly last = new Map<number, LastPrice>();

  private readonly history: Rng;

  /** `live` is node:crypto unless a test injects a keyed generator to get a reproducible path. */
  constructor(
    private readonly products: readonly MarketProduct[],
    secret: Uint8Array,
    private readonly live: Rng = cryptoRng(),
  ) {
    this.history = keyedRng(secret);
  }

  resume(stored: ReadonlyMap<number, LastPrice>, now: number): FeedBatch {
    const ticks: Tick[] = [];
    const bars: Bar[] = [];
    const historyTicks: Tick[] = [];
    for (const p of this.products) {
      const known = stored.get(p.id);
      if (!known) {
        const history = backfill(p, this.history, now);
        bars.push(...history.bars);
        this.last.set(p.id, history.last);
        // The backfill ends at the current minute; its seconds up to now are live ticks, written with the history,
        // so a first start has a fresh price (open markets say so) from its first second, and the watermark the
        // resume publishes is true: no tick at or before now is still to come.
        this.fill(p, history.last, now, ticks, bars, historyTicks);
        continue;
      }
      this.last.set(p.id, known);
      this.fill(p, known, now, ticks, bars, historyTicks);
    }
    return { ticks, bars, historyTicks };
  }

  /** Ticks are stamped on whole seconds (history.ts secondTick). */
  finalUpTo(now: number): number {
    return endOfSecond(now);
  }

  poll(now: number): FeedBatch {
    const ticks: Tick[] = [];
    const bars: Bar[] = [];
    const historyTicks: Tick[] = [];
    for (const p of this.products) {
      const known = this.last.get(p.id);
      if (known) this.fill(p, known, now, ticks, bars, historyTicks);
    }
    return { ticks, bars, historyTicks };
  }

  private fill(p: MarketProduct, known: LastPrice, now: number, ticks: Tick[], bars: Bar[], historyTicks: Tick[]): void {
    const fromSec = Math.floor(known.t / 1000) + 1;
    const nowSec = Math.floor(now / 1000);
    if (nowSec < fromSec) return;
    if (nowSec - fromSec > LIVE_GAP_SECONDS) {
      const gap = fillGap(p, this.live, known, now);
      ticks.push(...gap.ticks);
      bars.push(...gap.bars);
      historyTicks.push(...gap.historyTicks);
      this.last.set(p.id, { t: nowSec * 1000, price: gap.price });
      return;
    }
    const live = secondTicks(p, this.live, known.price, fromSec, nowSec);
    ticks.push(...live.ticks);
    // Closed seconds still count as covered, so a closed market is not mistaken for a gap later.
    this.last.set(p.id, { t: nowSec * 1000, price: live.price });
  }
}

import type { MarketProduct } from './catalog.ts';
import { endOfSecond, type Bar, type Feed, type FeedBatch, type LastPrice, type Tick } from './feed.ts';
import { backfill, fillGap, secondTicks } from './history.ts';

/** The simulator's default seed; any integer gives another, equally reproducible, market. */
export const DEFAULT_SEED = 20_260_101;

/** A poll that finds more than this many seconds missing (a suspended process) fills them as a gap instead. */
const LIVE_GAP_SECONDS = 120;

/**
 * The embedded default feed: a seeded random walk per product with its own volatility and trading hours.
 * It keeps only the last price of each product; everything else is a pure function of (seed, product, time).
 */
export class Simulator implements Feed {
  readonly name = 'simulator';
  private readonly last = new Map<number, LastPrice>();

  constructor(
    private readonly products: readonly MarketProduct[],
    private readonly seed: number = DEFAULT_SEED,
  ) {}

  resume(stored: ReadonlyMap<number, LastPrice>, now: number): FeedBatch {
    const ticks: Tick[] = [];
    const bars: Bar[] = [];
    const historyTicks: Tick[] = [];
    for (const p of this.products) {
      const known = stored.get(p.id);
      if (!known) {
        const history = backfill(p, this.seed, now);
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
      const gap = fillGap(p, this.seed, known, now);
      ticks.push(...gap.ticks);
      bars.push(...gap.bars);
      historyTicks.push(...gap.historyTicks);
      this.last.set(p.id, { t: nowSec * 1000, price: gap.price });
      return;
    }
    const live = secondTicks(p, this.seed, known.price, fromSec, nowSec);
    ticks.push(...live.ticks);
    // Closed seconds still count as covered, so a closed market is not mistaken for a gap later.
    this.last.set(p.id, { t: nowSec * 1000, price: live.price });
  }
}

import { replayRefusal, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { Service } from '../service.ts';
import { loadProducts } from './catalog.ts';
import { every } from './loop.ts';
import type { Feed, FeedBatch } from './feed.ts';
import { MixedFeed } from './mixed-feed.ts';
import { lastPrices, prune, recordBatch } from './recorder.ts';
import { loadReplayDir, ReplayFeed, replaySymbols } from './replay.ts';
import { Simulator } from './simulator.ts';
import { serverSecret } from '../secrets.ts';

export interface StepResult {
  readonly ticks: number;
  readonly candles: number;
}

/**
 * Drives a feed into the store. Tests call `step(now)` with the manual clock; the service calls it once a
 * second. The first step resumes from what is stored: a first start gets its history backfilled, a restart
 * gets the downtime filled, so charts never show a hole.
 */
export class MarketFeed {
  private resumed = false;

  constructor(
    private readonly db: Db,
    readonly feed: Feed,
  ) {}

  /** Called with the new watermark after each write commits (wakes settlement in this process). */
  onFinal: ((upTo: number) => void) | undefined;

  async resume(now: number): Promise<StepResult> {
    const batch = await this.feed.resume(await lastPrices(this.db), now);
    const written = await this.record(batch, now);
    this.resumed = true;
    return written;
  }

  async step(now: number): Promise<StepResult> {
    if (!this.resumed) return this.resume(now);
    try {
      return await this.record(await this.feed.poll(now), now);
    } catch (e) {
      // The feed has moved on but the write did not happen: re-read the store next time, which fills the hole.
      this.resumed = false;
      throw e;
    }
  }

  /** Writes a batch with the watermark it completes, then tells the listener. */
  private async record(batch: FeedBatch, now: number): Promise<StepResult> {
    const upTo = this.feed.finalUpTo?.(now) ?? now;
    const written = await recordBatch(this.db, batch, upTo);
    this.onFinal?.(upTo);
    return written;
  }

  prune(now: number): Promise<void> {
    return prune(this.db, now);
  }
}

export async function createSimulatedFeed(db: Db): Promise<MarketFeed> {
  return new MarketFeed(db, new Simulator(await loadProducts(db), await serverSecret(db, 'market_seed')));
}

/** Runs `read` on REPLAY_DIR; a failure names the setting, so the start stops with a message that says what to fix. */
function readReplayDir<T>(dir: string, read: (dir: string) => T): T {
  try {
    return read(dir);
  } catch (e) {
    throw new Error(`REPLAY_DIR ${dir}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/** The upper-case symbols of the products whose prices replay REPLAY_DIR (none when unset). */
export function replayedSymbols(replayDir: string | undefined): ReadonlySet<string> {
  return replayDir === undefined ? new Set() : readReplayDir(replayDir, replaySymbols);
}

/**
 * The feed `npm start` runs: the simulator, unless REPLAY_DIR names a folder of `<SYMBOL>.csv` OHLCV files;
 * then each product with a file replays it (looping with a logged warning, so the market never runs dry) and the simulator runs the
 * rest. A folder that cannot be read stops the start with a message naming the setting, and so does REPLAY_DIR
 * without DEMO (checked here too: a Config can be built without loadConfig).
 */
export async function createMarketFeed(db: Db, config: Pick<Config, 'REPLAY_DIR' | 'DEMO'>): Promise<MarketFeed> {
  const refusal = replayRefusal(config);
  if (refusal !== null) throw new Error(refusal);
  const products = await loadProducts(db);
  const seed = await serverSecret(db, 'market_seed');
  const replayDir = config.REPLAY_DIR;
  if (replayDir === undefined) return new MarketFeed(db, new Simulator(products, seed));
  const sources = readReplayDir(replayDir, (dir) => loadReplayDir(dir, products));
  const replayed = new Set(sources.map((s) => s.product.id));
  const rest = products.filter((p) => !replayed.has(p.id));
  const feeds: Feed[] = [];
  if (sources.length) feeds.push(new ReplayFeed(sources, { loop: true }));
  if (rest.length) feeds.push(new Simulator(rest, seed));
  const [only] = feeds;
  return new MarketFeed(db, feeds.length === 1 && only ? only : new MixedFeed(feeds));
}

const PRUNE_EVERY_MS = 60_000;

/** Runs the feed once a second, on the second, and prunes once a minute. Call `resume` first. */
export function runMarketFeed(deps: Deps, market: MarketFeed): Service {
  let lastPrune = deps.clock.now();
  return every(`market feed (${market.feed.name})`, deps.clock, 1000, async () => {
    const now = deps.clock.now();
    await market.step(now);
    if (now - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now;
      await market.prune(now);
    }
  });
}

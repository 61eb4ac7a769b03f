import type { Feed, FeedBatch, LastPrice } from './feed.ts';

/** One batch of several feeds' batches; ticks stay oldest first, as the recorder expects. */
function merge(batches: readonly FeedBatch[]): FeedBatch {
  return {
    ticks: batches.flatMap((b) => b.ticks).sort((a, b) => a.t - b.t),
    bars: batches.flatMap((b) => b.bars),
    historyTicks: batches.flatMap((b) => b.historyTicks).sort((a, b) => a.t - b.t),
  };
}

/**
 * Several feeds, each owning a disjoint set of products, seen as one: with REPLAY_DIR some products replay
 * their files while the simulator keeps running the rest.
 */
export class MixedFeed implements Feed {
  readonly name: string;

  constructor(private readonly feeds: readonly Feed[]) {
    this.name = feeds.map((f) => f.name).join('+');
  }

  async resume(last: ReadonlyMap<number, LastPrice>, now: number): Promise<FeedBatch> {
    return merge(await Promise.all(this.feeds.map((f) => f.resume(last, now))));
  }

  async poll(now: number): Promise<FeedBatch> {
    return merge(await Promise.all(this.feeds.map((f) => f.poll(now))));
  }

  /** Final only as far as every part is. */
  finalUpTo(now: number): number {
    return Math.min(...this.feeds.map((f) => f.finalUpTo?.(now) ?? now));
  }
}

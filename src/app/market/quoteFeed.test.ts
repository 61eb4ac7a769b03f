// The page's quote feed: however many components show a product's price, the worker is asked once, every one of
// them hears each move, and the subscription ends when the last one leaves (not in between, as StrictMode does).
import { describe, expect, it } from 'vitest';
import type { Quote, QuoteMessage } from '../../workers/api.ts';
import { createQuoteFeed } from './quoteFeed.ts';

function fakeSource() {
  const watches: { id: number; send: (m: QuoteMessage) => void; handle: number }[] = [];
  const unsubscribed: number[] = [];
  return {
    watches,
    unsubscribed,
    source: {
      watchQuote: async (params: { readonly id: number }, send: (m: QuoteMessage) => void) => {
        const handle = watches.length + 1;
        watches.push({ id: params.id, send, handle });
        return handle;
      },
      unsubscribe: async (handle: number): Promise<void> => {
        unsubscribed.push(handle);
      },
    },
  };
}

const quote = (price: string): Quote => ({ kind: 'quote', price, changePct: '0.10', open: true, nextOpen: null });
/** Lets the feed's microtask and promise chains run. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('quote feed', () => {
  it('asks the worker once per product and tells every listener of each move', () => {
    const { source, watches } = fakeSource();
    const feed = createQuoteFeed(source);
    const heard: string[] = [];
    feed.subscribe(12, () => heard.push(`a ${feed.latest(12)?.price}`));
    feed.subscribe(12, () => heard.push(`b ${feed.latest(12)?.price}`));
    feed.subscribe(13, () => heard.push('other'));
    expect(watches.map((w) => w.id)).toEqual([12, 13]);
    expect(feed.latest(12)).toBeNull();

    watches[0]?.send(quote('100.5'));
    expect(heard).toEqual(['a 100.5', 'b 100.5']);
    const first = feed.latest(12);
    expect(first?.price).toBe('100.5');
    // The same object until it changes: useSyncExternalStore compares snapshots by identity.
    expect(feed.latest(12)).toBe(first);
  });

  it('ignores status messages', () => {
    const { source, watches } = fakeSource();
    const feed = createQuoteFeed(source);
    let calls = 0;
    feed.subscribe(12, () => (calls += 1));
    watches[0]?.send({ kind: 'status', stale: true, reconnecting: true, lastGoodAt: null });
    expect(calls).toBe(0);
    expect(feed.latest(12)).toBeNull();
  });

  it('keeps the one subscription when the last listener leaves and another comes at once', async () => {
    const { source, watches, unsubscribed } = fakeSource();
    const feed = createQuoteFeed(source);
    const leave = feed.subscribe(12, () => undefined);
    leave();
    feed.subscribe(12, () => undefined);
    await settle();
    expect(watches).toHaveLength(1);
    expect(unsubscribed).toEqual([]);
  });

  it('ends the subscription when the last listener has left, and a late message changes nothing', async () => {
    const { source, watches, unsubscribed } = fakeSource();
    const feed = createQuoteFeed(source);
    const leaveA = feed.subscribe(12, () => undefined);
    const leaveB = feed.subscribe(12, () => undefined);
    leaveA();
    await settle();
    expect(unsubscribed).toEqual([]);
    leaveB();
    await settle();
    expect(unsubscribed).toEqual([1]);

    watches[0]?.send(quote('99'));
    expect(feed.latest(12)).toBeNull();
    // A new listener starts a new subscription, fresh.
    feed.subscribe(12, () => undefined);
    expect(watches).toHaveLength(2);
  });
});

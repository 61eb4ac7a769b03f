import { oneWay } from '../../shared/one-way-callback.ts';
import type { Quote, QuoteMessage, SubscriptionHandle } from '../../workers/api.ts';
import { countdownBoard } from './countdown.ts';

/** The part of the market worker a feed uses (the wrapped worker fits it; tests pass a fake). */
export interface QuoteSource {
  watchQuote(params: { readonly id: number }, callback: (message: QuoteMessage) => void): Promise<SubscriptionHandle>;
  unsubscribe(handle: SubscriptionHandle): Promise<void>;
}

interface Watched {
  quote: Quote | null;
  readonly listeners: Set<() => void>;
  readonly handle: Promise<SubscriptionHandle>;
}

/**
 * `paint` runs a change when the page should paint it (the countdown board holds one that comes just before a step).
 * One worker subscription per product for the whole page, however many components show its price (on /xq the
 * header, the trade bar, the order strip and the ticket): a price move crosses the seam once and React renders
 * them in one pass, not once per component and message.
 */
export function createQuoteFeed(source: QuoteSource, paint: (apply: () => void) => void = (apply) => apply()) {
  const watched = new Map<number, Watched>();

  const open = (id: number): Watched => {
    const entry: Watched = {
      quote: null,
      listeners: new Set(),
      handle: source.watchQuote(
        { id },
        oneWay((message: QuoteMessage) => {
          if (message.kind !== 'quote' || watched.get(id) !== entry) return;
          paint(() => {
            entry.quote = message;
            for (const listener of entry.listeners) listener();
          });
        }),
      ),
    };
    watched.set(id, entry);
    return entry;
  };

  // Closed a microtask after its last listener leaves: React's StrictMode (and a screen handing a product to the
  // next) unsubscribes and subscribes again at once, and that must not cost a new poll.
  const closeIfUnwatched = (id: number, entry: Watched): void => {
    queueMicrotask(() => {
      if (entry.listeners.size > 0 || watched.get(id) !== entry) return;
      watched.delete(id);
      void entry.handle.then((h) => source.unsubscribe(h)).catch(() => undefined);
    });
  };

  return {
    /** Calls `listener` whenever product `id`'s quote changes, until the returned function is called. */
    subscribe(id: number, listener: () => void): () => void {
      const entry = watched.get(id) ?? open(id);
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0) closeIfUnwatched(id, entry);
      };
    },
    /** The latest quote of product `id` (the same object until it changes), or null before the first. */
    latest(id: number): Quote | null {
      return watched.get(id)?.quote ?? null;
    },
  };
}

export type QuoteFeed = ReturnType<typeof createQuoteFeed>;

const feeds = new WeakMap<QuoteSource, QuoteFeed>();

/** The page's one feed on `source` (the app's market worker), painting with the countdowns' steps. */
export function quoteFeedOf(source: QuoteSource): QuoteFeed {
  let feed = feeds.get(source);
  if (!feed) {
    feed = createQuoteFeed(source, (apply) => countdownBoard().hold(apply));
    feeds.set(source, feed);
  }
  return feed;
}

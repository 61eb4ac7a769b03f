import { useEffect, useMemo, useState } from 'react';
import type { ProductSummary } from '../../contract/market.ts';
import type { Quote } from '../../workers/api.ts';
import { quoteFeedOf } from './quoteFeed.ts';
import { useMarketWorker } from './useMarketWorker.ts';

/**
 * One product's live price, change and open flag, from the worker's poll of that product (the same one its
 * tape reads), or `fallback` (product/details) until it arrives. A screen of one product never downloads the
 * whole list for it; only the components calling this re-render when the price moves. They share one
 * subscription (quoteFeed.ts), and a move is React state, not an external store: its render is batched with the
 * tape's and the chart's from the same poll instead of running synchronously for each message.
 */
export function useLiveQuote(fallback: ProductSummary): ProductSummary {
  const feed = quoteFeedOf(useMarketWorker());
  const id = fallback.id;
  const [held, setHeld] = useState<{ readonly id: number; readonly quote: Quote } | null>(() => heldOf(id, feed.latest(id)));
  useEffect(() => {
    const take = (): void => setHeld((was) => (was?.id === id && was.quote === feed.latest(id) ? was : heldOf(id, feed.latest(id))));
    const leave = feed.subscribe(id, take);
    // A move between this component's render and now (another component already held the subscription).
    take();
    return leave;
  }, [feed, id]);
  const quote = held?.id === id ? held.quote : null;
  return useMemo(
    () => (quote === null ? fallback : { ...fallback, price: quote.price, changePct: quote.changePct, open: quote.open, nextOpen: quote.nextOpen }),
    [quote, fallback],
  );
}

const heldOf = (id: number, quote: Quote | null) => (quote === null ? null : { id, quote });

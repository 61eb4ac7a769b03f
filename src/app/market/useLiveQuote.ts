import { useEffect, useMemo } from 'react';
import { useChangedState } from '../hooks/useChangedState.ts';
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
  const [held, setHeld] = useChangedState<Held>(() => heldOf(id, feed.latest(id)), sameHeld);
  useEffect(() => {
    const take = (): void => setHeld(heldOf(id, feed.latest(id)));
    const leave = feed.subscribe(id, take);
    // A move between this component's render and now (another component already held the subscription).
    take();
    return leave;
  }, [feed, id, setHeld]);
  const quote = held?.id === id ? held.quote : null;
  return useMemo(
    () => (quote === null ? fallback : { ...fallback, price: quote.price, changePct: quote.changePct, open: quote.open, nextOpen: quote.nextOpen }),
    [quote, fallback],
  );
}

type Held = { readonly id: number; readonly quote: Quote } | null;
const heldOf = (id: number, quote: Quote | null): Held => (quote === null ? null : { id, quote });
/** The same quote of the same product: the first take after subscribing mostly finds the one the render read. */
const sameHeld = (a: Held, b: Held): boolean => a === b || (a !== null && b !== null && a.id === b.id && a.quote === b.quote);

import { useMemo, useState } from 'react';
import type { ProductSummary } from '../../contract/market.ts';
import type { Quote, QuoteMessage } from '../../workers/api.ts';
import { useMarketWorker } from './useMarketWorker.ts';
import { useSubscription } from './useSubscription.ts';

/**
 * One product's live price, change and open flag, from the worker's poll of that product (the same one its
 * tape reads), or `fallback` (product/details) until it arrives. A screen of one product never downloads the
 * whole list for it; only the component calling this re-renders when the price moves.
 */
export function useLiveQuote(fallback: ProductSummary): ProductSummary {
  const worker = useMarketWorker();
  const [held, setHeld] = useState<{ readonly id: number; readonly quote: Quote } | null>(null);
  const id = fallback.id;
  useSubscription(worker, `quote:${id}`, (w, cb) => w.watchQuote({ id }, cb), (message: QuoteMessage) => {
    if (message.kind === 'quote') setHeld({ id, quote: message });
  });
  const quote = held?.id === id ? held.quote : null;
  return useMemo(
    () => (quote === null ? fallback : { ...fallback, price: quote.price, changePct: quote.changePct, open: quote.open, nextOpen: quote.nextOpen }),
    [quote, fallback],
  );
}

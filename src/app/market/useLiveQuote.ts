import type { ProductSummary } from '../../contract/market.ts';
import { useProducts } from './useMarketData.ts';

/**
 * One product's live price, change and open flag from the shared product poll, or `fallback` (product/details)
 * until it arrives. Only the component calling it re-renders when the list moves.
 */
export function useLiveQuote(fallback: ProductSummary): ProductSummary {
  const products = useProducts();
  return products.items?.find((p) => p.id === fallback.id) ?? fallback;
}

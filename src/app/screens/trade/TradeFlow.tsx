import { useState } from 'react';
import type { Direction, Order, ProductDetails } from '../../../contract/market.ts';
import { PlacedOrder } from './PlacedOrder.tsx';
import { TradeForm } from './TradeForm.tsx';

/** The form until the order is placed, then that order's countdown and result. */
export function TradeFlow({ product, initialDirection }: { readonly product: ProductDetails; readonly initialDirection: Direction }) {
  const [placed, setPlaced] = useState<Order | null>(null);
  if (placed) return <PlacedOrder product={product} placed={placed} onAnother={() => setPlaced(null)} />;
  return <TradeForm product={product} initialDirection={initialDirection} onPlaced={setPlaced} />;
}

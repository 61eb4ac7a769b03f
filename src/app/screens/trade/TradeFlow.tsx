import { useState } from 'react';
import type { ProductDetails } from '../../../contract/market.ts';
import { PlacedOrder } from './PlacedOrder.tsx';
import { TradeTicket } from './TradeTicket.tsx';
import { useTicketParams } from './useTicketParams.ts';

/** /trade: the same ticket as the /xq sheet, full screen, until the order is placed; then its countdown and result. */
export function TradeFlow({ product }: { readonly product: ProductDetails }) {
  const [placedId, setPlacedId] = useState<number | null>(null);
  const ticket = useTicketParams(product, 'dir');
  if (placedId !== null) return <PlacedOrder product={product} placedId={placedId} onAnother={() => setPlacedId(null)} />;
  return (
    <section className="panel" aria-labelledby="trade-title">
      <h2 id="trade-title" className="trade-form__title">
        {product.symbol}
      </h2>
      <TradeTicket
        product={product}
        direction={ticket.direction ?? 'rise'}
        cycle={ticket.cycle}
        onDirection={ticket.setDirection}
        onCycle={ticket.setCycle}
        onPlaced={(order) => setPlacedId(order.id)}
      />
    </section>
  );
}

import { useState } from 'react';
import type { Order } from '../../../src/contract/market.ts';
import { post } from './api.ts';
import { NaiveOrderRow } from './NaiveOrderRow.tsx';
import { usePoll } from './usePoll.ts';

/** /orderrecord, naive: order/hold_list polled every 5 s on the main thread, one timer per row. */
export function OrderRecord() {
  const [orders, setOrders] = useState<readonly Order[] | null>(null);
  usePoll(() => post('order/hold_list', {}), 5_000, (data) => setOrders(data.items));
  return (
    <div className="stack">
      <section className="panel live-panel">
        {orders === null ? <p className="muted">Loading…</p> : null}
        <ul className="order-list order-list--long" aria-label="Open positions">
          {orders?.map((o) => (
            <NaiveOrderRow key={o.id} order={o} />
          ))}
        </ul>
      </section>
    </div>
  );
}

import { memo, useEffect, useState } from 'react';
import type { Order } from '../../../src/contract/market.ts';
import { formatRemaining } from '../../../src/app/format/duration.ts';
import { clock } from './api.ts';

/**
 * The naive countdown: each row owns a setInterval(1000) and a state update, so a thousand rows mean a
 * thousand timers and a thousand React renders a second. Same markup and classes as the app's OrderRow.
 */
export const NaiveOrderRow = memo(
  function NaiveOrderRow({ order }: { readonly order: Order }) {
    const [now, setNow] = useState(() => Date.now());
    useEffect(() => {
      const timer = setInterval(() => setNow(Date.now()), 1000);
      return () => clearInterval(timer);
    }, []);
    const open = order.status === 'open';
    const remaining = order.settleTime - (now + clock.offsetMs);
    return (
      <li className="order-row">
        <div className="order-row__head">
          <span className={`direction direction--${order.direction}`}>{order.direction === 'rise' ? 'Rise' : 'Fall'}</span>
          <span className="order-row__symbol">{order.symbol}</span>
          <span className="order-row__amount">{order.amount}</span>
          {open ? (
            <span className="countdown" role="timer" aria-label={`Order ${order.orderNo}`}>
              {remaining > 0 ? formatRemaining(remaining) : 'Settling…'}
            </span>
          ) : (
            <span className={`result result--${order.status}`}>{order.status}</span>
          )}
        </div>
        <dl className="order-row__facts">
          <div>
            <dt>Open price</dt>
            <dd>{order.openPrice}</dd>
          </div>
          <div>
            <dt>{open ? 'Settle time' : 'Settle price'}</dt>
            <dd>{open ? new Date(order.settleTime).toLocaleTimeString('en-US') : (order.settlePrice ?? '')}</dd>
          </div>
          <div>
            <dt>{open ? 'Cycle' : 'Profit'}</dt>
            <dd>{open ? `${order.cycle}s` : (order.profit ?? '0.00')}</dd>
          </div>
        </dl>
      </li>
    );
  },
  // A poll brings new objects for the same orders; only a status change re-renders a row from outside.
  (a, b) => a.order.id === b.order.id && a.order.status === b.order.status,
);

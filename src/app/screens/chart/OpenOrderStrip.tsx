import { memo, useMemo } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { Order, ProductDetails } from '../../../contract/market.ts';
import { useLang } from '../../hooks/useLang.ts';
import { formatMoney, formatPrice, trendOf } from '../../format/index.ts';
import { CountdownText } from '../../market/CountdownText.tsx';
import { useLiveQuote } from '../../market/useLiveQuote.ts';
import { livePnl } from '../trade/livePnl.ts';
import { ProgressRing } from './ProgressRing.tsx';
import { soonestOpen } from './soonestOpen.ts';

/** At most this many open orders sit above the bar (the soonest to settle); the list below has them all. */
export const STRIP_MAX = 2;

/**
 * My open orders on this product, just above Rise and Fall: live profit or loss against the current price
 * (re-rendered when the price moves, every few seconds), the countdown (painted by the countdown board) and a
 * ring to the settle time (stepped by the countdown board).
 */
export function OpenOrderStrip({ product, orders }: { readonly product: ProductDetails; readonly orders: readonly Order[] | null }) {
  const { t } = useTranslation();
  // Picked when the orders change, not on every price tick: with a thousand open orders the pick is the work.
  const open = useMemo(() => soonestOpen(orders ?? [], STRIP_MAX), [orders]);
  if (open.length === 0) return null;
  return (
    <ul className="order-strip" aria-label={t('tradeSheet.strip')}>
      {open.map((o) => (
        <StripRow key={o.id} order={o} product={product} />
      ))}
    </ul>
  );
}

interface RowProps {
  readonly order: Order;
  readonly product: ProductDetails;
}

/** Rendered when its order changes; only its profit or loss follows the price. */
const StripRow = memo(function StripRow({ order, product }: RowProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <li className="order-strip__row">
      <ProgressRing openTime={order.openTime} settleTime={order.settleTime} />
      <span className={`direction direction--${order.direction}`}>{t(`market.${order.direction}`)}</span>
      <span className="order-strip__amount">{formatMoney(order.amount, lang)}</span>
      <span className="order-strip__open muted">{t('tradeSheet.opened_at', { price: formatPrice(order.openPrice, product.decimals, lang) })}</span>
      <LivePnl order={order} product={product} />
      <CountdownText settleTime={order.settleTime} label={t('market.remaining', { orderNo: order.orderNo })} />
    </li>
  );
});

/** The order's profit or loss at the live price: the one part of a strip row that re-renders when the price moves. */
function LivePnl({ order, product }: RowProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const pnl = livePnl(order, useLiveQuote(product).price);
  return (
    <span className={`order-strip__pnl trend-${trendOf(pnl ?? '0')}`}>
      {t('tradeSheet.pnl', { amount: pnl === null ? '—' : formatMoney(pnl, lang) })}
    </span>
  );
}

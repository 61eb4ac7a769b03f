import { useTranslation } from '../../i18n/translation.tsx';
import { Link } from '../../router/navigation.tsx';
import type { ProductDetails } from '../../../contract/market.ts';
import { useLang } from '../../hooks/useLang.ts';
import { formatClock, formatMoney, formatPrice, trendOf } from '../../format/index.ts';
import { seenDiffers } from '../../market/seenPrice.ts';
import { CountdownText } from '../../market/CountdownText.tsx';
import { LiveMark } from '../../market/LiveMark.tsx';
import { useProductOrders } from '../../market/useMarketData.ts';

interface Props {
  readonly product: ProductDetails;
  /** The placed order's id: its row is read from the worker's one order store, never kept here. */
  readonly placedId: number;
  readonly onAnother: () => void;
}

/** The order just placed: its live countdown, then the result with open and settle prices and profit. */
export function PlacedOrder({ product, placedId, onAnother }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const orders = useProductOrders(product.id);
  const order = orders.items?.find((o) => o.id === placedId);
  if (!order) return <p className="muted">{t('app.loading')}</p>;
  const open = order.status === 'open';
  const price = (p: string) => formatPrice(p, product.decimals, lang);
  return (
    <section className="panel live-panel placed" aria-labelledby="placed-title">
      <h2 id="placed-title">{open ? t('market.placed_title') : t('market.result_title')}</h2>
      <LiveMark live={orders.live} />
      <p className="placed__headline">
        <span className={`direction direction--${order.direction}`}>{t(`market.${order.direction}`)}</span>
        <span>{order.symbol}</span>
        <span>{formatMoney(order.amount, lang)}</span>
      </p>
      {open ? (
        <p className="placed__countdown">
          <CountdownText settleTime={order.settleTime} label={t('market.remaining', { orderNo: order.orderNo })} />
        </p>
      ) : (
        <p className={`placed__result result result--${order.status}`} role="status">
          {t(`market.status_${order.status}`)}
        </p>
      )}
      <dl className="quote-sheet">
        <div>
          <dt>{t('market.open_price')}</dt>
          <dd>
            {price(order.openPrice)} · {formatClock(order.openTime, lang)}
          </dd>
        </div>
        {seenDiffers(order) ? (
          <div>
            <dt>{t('market.seen_price')}</dt>
            <dd>{price(order.seenPrice ?? '')}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('market.settle_price')}</dt>
          <dd>
            {order.settlePrice !== null ? price(order.settlePrice) : '—'} · {formatClock(order.settleTime, lang)}
          </dd>
        </div>
        <div>
          <dt>{t('market.fee')}</dt>
          <dd>{formatMoney(order.fee, lang)}</dd>
        </div>
        <div>
          <dt>{t('market.profit')}</dt>
          <dd className={order.profit !== null ? `trend-${trendOf(order.profit)}` : undefined}>
            {order.profit !== null ? formatMoney(order.profit, lang) : '—'}
          </dd>
        </div>
      </dl>
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={onAnother}>
          {t('market.new_order')}
        </button>
        <Link to="/orderrecord" className="button">
          {t('market.view_orders')}
        </Link>
      </div>
    </section>
  );
}

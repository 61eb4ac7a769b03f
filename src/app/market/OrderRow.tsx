import { memo } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import type { Order } from '../../contract/market.ts';
import { useLang } from '../hooks/useLang.ts';
import { formatClock, formatInteger, formatMoney, formatPriceAsWritten, trendOf } from '../format/index.ts';
import { seenDiffers } from './seenPrice.ts';
import { CountdownText } from './CountdownText.tsx';

/**
 * One order: direction, amount, open price and time; while open, its live countdown (written by the
 * countdown board, not by React); once settled, the result with settle price and profit.
 */
export const OrderRow = memo(function OrderRow({
  order,
  posInSet,
  setSize,
}: {
  readonly order: Order;
  /** In a windowed list: this row's place (from 1) and the whole list's length, for assistive technology. */
  readonly posInSet?: number;
  readonly setSize?: number;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const open = order.status === 'open';
  return (
    <li className="order-row" aria-posinset={posInSet} aria-setsize={setSize}>
      <div className="order-row__head">
        <span className={`direction direction--${order.direction}`}>{t(`market.${order.direction}`)}</span>
        <span className="order-row__symbol">{order.symbol}</span>
        <span className="order-row__amount">{formatMoney(order.amount, lang)}</span>
        {open ? (
          <CountdownText settleTime={order.settleTime} label={t('market.remaining', { orderNo: order.orderNo })} />
        ) : (
          <span className={`result result--${order.status}`}>{t(`market.status_${order.status}`)}</span>
        )}
      </div>
      <dl className="order-row__facts">
        <div>
          <dt>{t('market.open_price')}</dt>
          <dd>{formatPriceAsWritten(order.openPrice, lang)}</dd>
        </div>
        {seenDiffers(order) ? (
          <div>
            <dt>{t('market.seen_price')}</dt>
            <dd>{formatPriceAsWritten(order.seenPrice ?? '', lang)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{open ? t('market.settle_time') : t('market.settle_price')}</dt>
          <dd>{open ? formatClock(order.settleTime, lang) : (order.settlePrice === null ? '' : formatPriceAsWritten(order.settlePrice, lang))}</dd>
        </div>
        <div>
          <dt>{open ? t('market.cycle') : t('market.profit')}</dt>
          <dd className={open ? undefined : `trend-${trendOf(order.profit ?? '0')}`}>
            {open ? t('market.seconds', { seconds: formatInteger(order.cycle, lang) }) : formatMoney(order.profit ?? '0.00', lang)}
          </dd>
        </div>
      </dl>
    </li>
  );
});

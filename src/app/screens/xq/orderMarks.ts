import type { TFunction } from 'i18next';
import type { OrderMark } from '../../../charts/order-marks.ts';
import type { Order } from '../../../contract/market.ts';
import { formatClock } from '../../market/marketFormat.ts';

/** My open orders as chart marks: open price line titled "Rise · 12:30:15" (the settle time). */
export function orderMarksOf(orders: readonly Order[] | null, t: TFunction, locale: string): OrderMark[] {
  if (!orders) return [];
  return orders
    .filter((o) => o.status === 'open')
    .map((o) => ({
      id: o.id,
      direction: o.direction,
      openPrice: Number(o.openPrice),
      openTime: o.openTime,
      settleTime: o.settleTime,
      label: t('market.line_label', { direction: t(`market.${o.direction}`), time: formatClock(o.settleTime, locale) }),
    }));
}

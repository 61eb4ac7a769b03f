import type { OrderMark } from '../../../charts/order-marks.ts';
import type { Order } from '../../../contract/market.ts';
import { soonestOpen } from './soonestOpen.ts';

/**
 * At most this many orders are drawn: each dashed line with its axis label costs the chart a redraw on every
 * tick (1,000 kept a 4x-throttled phone ~98 % busy in bench/main-thread; 12 still cost ~8 points over the
 * chart alone). The ones settling soonest are the ones a member is watching; the list below has them all.
 * The lines carry no title: drawing "Rise · 12:30:15" into the pane on every frame cost three lines about a
 * point of a 4x-throttled main thread, and the strip just below says the same with a countdown.
 */
export const MAX_CHART_MARKS = 3;

const NO_MARKS: readonly OrderMark[] = Object.freeze([]);

/** My open orders as chart marks: a line at the open price, coloured by direction. */
export function orderMarksOf(orders: readonly Order[] | null): readonly OrderMark[] {
  const open = orders ? soonestOpen(orders, MAX_CHART_MARKS) : [];
  // One empty list for every answer with no open order: the chart's panel sees the same marks and is not re-rendered.
  if (open.length === 0) return NO_MARKS;
  return open.map((o) => ({
    id: o.id,
    direction: o.direction,
    openPrice: Number(o.openPrice),
    openTime: o.openTime,
    settleTime: o.settleTime,
  }));
}

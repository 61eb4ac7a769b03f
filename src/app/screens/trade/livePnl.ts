import type { Order } from '../../../contract/market.ts';
import { cents, comparePrices, fromCents, parseCents, parseRatePpm, toPrice, tradeGain } from '../../../shared/money.ts';

/**
 * What an open order would bring if it settled at `price` now: the win (tradeGain, the server's own rule) when the price moved its way, the stake lost when it moved against it, nothing on a draw.
 * Prices compare exactly, as decimals (comparePrices); money stays in cents.
 */
export function livePnl(order: Pick<Order, 'direction' | 'amount' | 'payoutRate' | 'openPrice'>, price: string): string | null {
  const amount = parseCents(order.amount);
  const rate = parseRatePpm(order.payoutRate);
  if (amount === null || rate === null) return null;
  const now = toPrice(price);
  const open = toPrice(order.openPrice);
  if (now === null || open === null) return null;
  const moved = comparePrices(now, open);
  if (moved === 0) return '0.00';
  const right = order.direction === 'rise' ? moved > 0 : moved < 0;
  return fromCents(right ? tradeGain(amount, rate) : cents(-amount));
}

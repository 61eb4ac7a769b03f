import type { SettledListener } from '../market/settlement.ts';
import { payReferralCashback } from './cashback.ts';

/**
 * The settlement engine's after-settle hook: cashback on the order's fee for nine generations of inviters, in
 * the settlement's own transaction, dated at the order's settle time (the server-time moment it was decided).
 */
export const payCashbackOnSettled: SettledListener = async (tx, order) => {
  await payReferralCashback(tx, { orderId: order.id, userId: order.userId, fee: order.fee, at: order.settleTime });
};

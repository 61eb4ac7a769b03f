import type { SettledListener } from '../market/settlement.ts';
import { payReferralCashbackMany } from './cashback.ts';

/**
 * The settlement engine's after-settle hook: cashback on each order's fee for nine generations of inviters,
 * for the whole batch at once, in the settlement's own transaction, dated at each order's settle time (the
 * server-time moment it was decided).
 */
export const payCashbackOnSettled: SettledListener = async (tx, orders) => {
  await payReferralCashbackMany(tx, orders.map((o) => ({ orderId: o.id, userId: o.userId, fee: o.fee, at: o.settleTime })));
};

import { z } from 'zod';
import { amountInput, blankedAuthorization, epochMs, id, money, payPassword, rate } from './primitives.ts';

/** Wealth products and lock-up pledges share one earning engine; `family` tells them apart. */
export const earnFamily = z.enum(['wealth', 'pledge']);
export const earnProduct = z.object({
  id: z.number().int(),
  family: earnFamily,
  name: z.string(),
  /** The currency the principal is paid in and the profit is paid out in: always the account currency. */
  currency: z.string(),
  /** Lock-up pledges: the asset pool the pledge is named after (USDT, ETH, BTC); null for wealth products. */
  pledgeCurrency: z.string().nullable(),
  dailyRate: rate,
  cycleDays: z.number().int().positive(),
  minAmount: money,
  maxAmount: money,
  onSale: z.boolean(),
});
export const earnList = z.object({ items: z.array(earnProduct) });
export const wealthDetailsQuery = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });
export const wealthDetails = earnProduct.extend({ description: z.string() });

export const holdingStatus = z.enum(['earning', 'complete', 'redeemed']);
/** One day's profit of a holding: `day` is the UTC date (YYYY-MM-DD) the day ended and its profit fell due. */
export const revenueRecord = z.object({ day: z.string(), principal: money, profit: money, createdAt: epochMs });
export const holding = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  family: earnFamily,
  name: z.string(),
  currency: z.string(),
  pledgeCurrency: z.string().nullable(),
  principal: money,
  dailyRate: rate,
  cycleDays: z.number().int(),
  estimatedProfit: money,
  earned: money,
  status: holdingStatus,
  startedAt: epochMs,
  maturesAt: epochMs,
  /** When it completed or was redeemed; null while earning. */
  endedAt: epochMs.nullable(),
  /** Only earning wealth holdings can be redeemed early; lock-up pledges stay locked until maturity. */
  redeemable: z.boolean(),
  revenue: z.array(revenueRecord),
});
export const holdings = z.object({ items: z.array(holding) });
export const buyReq = z.object({ productId: id, amount: amountInput, Authorization: blankedAuthorization });
export const redeemReq = z.object({ holdingId: id, payPassword });
export const earnListReq = z.object({ family: earnFamily.optional() });

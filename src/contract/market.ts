import { z } from 'zod';
import { INTERVAL_NAMES } from './intervals.ts';
import { direction } from './order-request.ts';
import { epochMs, id, money, page, price, rate } from './primitives.ts';

export const category = z.enum(['stocks', 'forex', 'crypto', 'metals']);
export type Category = z.infer<typeof category>;
export const interval = z.enum(INTERVAL_NAMES);
export type Interval = z.infer<typeof interval>;
// The order's request is a module of its own, so a screen that checks one order evaluates no other schema of here.
export { direction, orderCreateReq, seenPriceInput, type Direction } from './order-request.ts';

export const productSummary = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  category,
  price,
  /** Change over 24 h in percent, as a decimal string with 2 places ("-1.25"). */
  changePct: z.string(),
  decimals: z.number().int().min(0).max(10),
  open: z.boolean(),
  /**
   * While the market is closed by its trading hours: when it opens next (null: open, or never closes). While
   * closed, `price` is the last close and `changePct` that last session's 24 h change, not 0.00.
   */
  nextOpen: epochMs.nullable().optional(),
  /**
   * Only present, as true, when the prices are recorded history replayed (REPLAY_DIR, demo servers only), not a
   * live market: the app marks the product as demo data.
   */
  replay: z.literal(true).optional(),
});
export type ProductSummary = z.infer<typeof productSummary>;
/** What moves in a product's summary: a list poll with `since` gets only these, for the products that moved (no `nextOpen`: open). */
export const productQuote = productSummary.pick({ id: true, price: true, changePct: true, open: true, nextOpen: true });
export type ProductQuote = z.infer<typeof productQuote>;
/**
 * `since`: the serverTime of the last answer the client holds. The answer then has no `items` but `quotes`: the
 * products whose quote may have changed since (a trade, an opening or closing, or a new minute, which moves the
 * 24 h reference), as id, price, change and open only. Without it, the whole list as before.
 */
export const productListReq = z.object({ category: category.optional(), since: epochMs.optional() });
export const productList = z.object({ items: z.array(productSummary), quotes: z.array(productQuote).optional(), serverTime: epochMs });

export const productRef = z.object({ id });
export const cycle = z.object({ seconds: z.number().int().positive(), payoutRate: rate });
export const productDetails = productSummary.extend({
  cycles: z.array(cycle),
  feeRate: rate,
  minAmount: money,
  maxAmount: money,
  serverTime: epochMs,
});
export type ProductDetails = z.infer<typeof productDetails>;

/** One bar: [openTime ms, open, high, low, close, volume]; prices and volume as decimal strings. */
export const bar = z.tuple([epochMs, price, price, price, price, z.string()]);
export type Bar = z.infer<typeof bar>;
export const kdataReq = z.object({
  id,
  interval,
  /** Only bars whose open time is >= since (the last bar may have changed); absent means full history. */
  since: epochMs.optional(),
  limit: z.number().int().min(1).max(1500).default(500),
});
export const kdata = z.object({ interval, bars: z.array(bar), serverTime: epochMs });

export const trade = z.tuple([epochMs, price, z.string(), direction]);
export const turnoverReq = z.object({ id, since: epochMs.optional() });
export const turnover = z.object({
  price,
  /**
   * The product's quote as product/list gives it (change over 24 h, open, next opening), so a screen showing one
   * product takes its price from its own poll and never downloads the whole list.
   */
  changePct: z.string(),
  open: z.boolean(),
  nextOpen: epochMs.nullable().optional(),
  volume24h: z.string(),
  amount24h: z.string(),
  high24h: price,
  low24h: price,
  /** Latest trades, newest last: [time, price, quantity, side]. */
  trades: z.array(trade),
  serverTime: epochMs,
});

export const orderStatus = z.enum(['open', 'won', 'lost', 'draw']);
export const order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  productId: z.number().int(),
  symbol: z.string(),
  direction,
  amount: money,
  fee: money,
  cycle: z.number().int(),
  payoutRate: rate,
  openPrice: price,
  /** The price on the member's screen when they confirmed, when the app sent it (see orderCreateReq). */
  seenPrice: price.optional(),
  openTime: epochMs,
  settleTime: epochMs,
  settlePrice: price.nullable(),
  status: orderStatus,
  /** Net result for the member once settled: payout minus stake (fee not included); null while open. */
  profit: money.nullable(),
});
export type Order = z.infer<typeof order>;
export const holdList = z.object({ items: z.array(order), serverTime: epochMs });
/** With `since`, only the open orders opened at or after it (a poll with no change costs almost nothing). */
export const holdListReq = z.object({ since: epochMs.optional() });
/** With `since`, `openCount` is the number of all my open orders, so the worker sees when it missed a change. */
export const holdListRes = holdList.extend({ openCount: z.number().int().nonnegative().optional() });
export const orderListReq = page;
/** Results by id: the worker asks for the orders that just fell due, never a whole list again. */
export const orderResultsReq = z.object({ ids: z.array(id).min(1, 'field.invalid').max(100, 'field.invalid') });
/**
 * A product/orders cursor: the database snapshot the last answer was read in ("xmin:xmax:xip,..." as PostgreSQL
 * writes a pg_snapshot). Opaque to the app; checked for shape here so a bad one is a field error, never a 500.
 */
export const ordersCursor = z.string().max(4_096, 'field.invalid').regex(/^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/, 'field.invalid');
/** With `cursor`, only my orders on the product that were opened or settled since that answer. */
export const productOrdersReq = productRef.extend({ cursor: ordersCursor.optional() });
/** `cursor`: what to send next time to get only what changed. */
export const productOrders = holdList.extend({ cursor: ordersCursor });
export const orderList = z.object({ items: z.array(order), total: z.number().int(), serverTime: epochMs });

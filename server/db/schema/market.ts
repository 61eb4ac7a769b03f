import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';

// Markets; the SQL (with the immutability triggers) is in migrations/0002_market.sql.
// Prices are bigint in the product's minor unit (price × 10^decimals); times are epoch ms.
const big = (name: string) => bigint(name, { mode: 'bigint' });
const epoch = (name: string) => bigint(name, { mode: 'number' });

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  decimals: smallint('decimals').notNull(),
  qtyDecimals: smallint('qty_decimals').notNull(),
  session: text('session').notNull(),
  sort: smallint('sort').notNull(),
  feePpm: big('fee_ppm').notNull(),
  minAmount: big('min_amount').notNull(),
  maxAmount: big('max_amount').notNull(),
  simPrice: numeric('sim_price').notNull(),
  simVolBp: integer('sim_vol_bp').notNull(),
  simQty: numeric('sim_qty').notNull(),
});

export const productCycles = pgTable('product_cycles', {
  productId: integer('product_id').notNull(),
  seconds: integer('seconds').notNull(),
  payoutPpm: big('payout_ppm').notNull(),
}, (t) => [primaryKey({ columns: [t.productId, t.seconds] })]);

export const ticks = pgTable('ticks', {
  productId: integer('product_id').notNull(),
  t: epoch('t').notNull(),
  price: big('price').notNull(),
  qty: big('qty').notNull(),
  up: boolean('up').notNull(),
}, (t) => [primaryKey({ columns: [t.productId, t.t] })]);

export const candles = pgTable('candles', {
  productId: integer('product_id').notNull(),
  res: integer('res').notNull(),
  t: epoch('t').notNull(),
  open: big('open').notNull(),
  high: big('high').notNull(),
  low: big('low').notNull(),
  close: big('close').notNull(),
  volume: big('volume').notNull(),
  turnover: big('turnover').notNull(),
}, (t) => [primaryKey({ columns: [t.productId, t.res, t.t] })]);

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  orderNo: text('order_no').notNull().generatedAlwaysAs(sql`'CW' || lpad(id::text, 10, '0')`),
  userId: integer('user_id').notNull(),
  productId: integer('product_id').notNull(),
  direction: text('direction').notNull(),
  amount: big('amount').notNull(),
  fee: big('fee').notNull(),
  cycle: integer('cycle').notNull(),
  payoutPpm: big('payout_ppm').notNull(),
  openPrice: big('open_price').notNull(),
  /** The price on the member's screen at Confirm (informational; null when the app did not send it). */
  seenPrice: big('seen_price'),
  openTickTime: epoch('open_tick_time').notNull(),
  openTime: epoch('open_time').notNull(),
  settleTime: epoch('settle_time').notNull(),
  status: text('status').notNull(),
  settlePrice: big('settle_price'),
  settleTickTime: epoch('settle_tick_time'),
  payout: big('payout'),
  profit: big('profit'),
  settledAt: epoch('settled_at'),
}, (t) => [index('orders_user_product').on(t.userId, t.productId, t.id)]);

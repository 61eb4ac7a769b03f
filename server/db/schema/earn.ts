import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Lang } from '../../../src/contract/primitives.ts';
import { users } from './core.ts';

const cents = (name: string) => bigint(name, { mode: 'bigint' });
const ms = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type Translations = Partial<Record<Lang, string>> & { en: string };

/** Wealth products and lock-up pledges: one table, one engine; `family` tells them apart. */
export const earnProducts = pgTable('earn_products', {
  id: serial('id').primaryKey(),
  family: text('family').$type<'wealth' | 'pledge'>().notNull(),
  /** Pledges only: the pool's asset label. Principal and profit are always in the account currency. */
  pledgeCurrency: text('pledge_currency'),
  names: jsonb('names').$type<Translations>().notNull(),
  descriptions: jsonb('descriptions').$type<Translations>().notNull(),
  dailyRatePpm: bigint('daily_rate_ppm', { mode: 'bigint' }).notNull(),
  cycleDays: integer('cycle_days').notNull(),
  minAmount: cents('min_amount').notNull(),
  maxAmount: cents('max_amount').notNull(),
  onSale: boolean('on_sale').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: ms('created_at').notNull().defaultNow(),
});

/** A member's holding: the product's terms are copied at purchase, so later product edits never change it. */
export const earnHoldings = pgTable('earn_holdings', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  productId: integer('product_id').notNull().references(() => earnProducts.id),
  family: text('family').$type<'wealth' | 'pledge'>().notNull(),
  principal: cents('principal').notNull(),
  dailyRatePpm: bigint('daily_rate_ppm', { mode: 'bigint' }).notNull(),
  cycleDays: integer('cycle_days').notNull(),
  dailyProfit: cents('daily_profit').notNull(),
  accruedDays: integer('accrued_days').notNull().default(0),
  earned: cents('earned').notNull().default(0n),
  status: text('status').$type<'earning' | 'complete' | 'redeemed'>().notNull().default('earning'),
  startedAt: ms('started_at').notNull(),
  nextDueAt: ms('next_due_at').notNull(),
  maturesAt: ms('matures_at').notNull(),
  endedAt: ms('ended_at'),
}, (t) => [index('earn_holdings_user').on(t.userId, t.id)]);

/** One row per holding per day; the primary key makes a day's profit impossible to pay twice. */
export const earnRevenue = pgTable('earn_revenue', {
  holdingId: integer('holding_id').notNull().references(() => earnHoldings.id),
  day: date('day', { mode: 'string' }).notNull(),
  dayIndex: integer('day_index').notNull(),
  principal: cents('principal').notNull(),
  profit: cents('profit').notNull(),
  createdAt: ms('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.holdingId, t.day] })]);

import { bigint, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

// Tables of money in and out; the SQL is migrations/0003_money.sql.
const cents = (name: string) => bigint(name, { mode: 'bigint' });
const ms = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const reviewColumns = () => ({
  status: text('status').notNull().default('review'),
  reason: text('reason'),
  createdAt: ms('created_at').notNull().defaultNow(),
  decidedAt: ms('decided_at'),
});

export const bankCards = pgTable('bank_cards', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().unique().references(() => users.id),
  bankName: text('bank_name').notNull(),
  cardNumber: text('card_number').notNull(),
  accountName: text('account_name').notNull(),
  branch: text('branch').notNull(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  updatedAt: ms('updated_at').notNull().defaultNow(),
});

export const withdrawAddresses = pgTable('withdraw_addresses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  network: text('network').notNull().default('TRC20'),
  address: text('address').notNull(),
  createdAt: ms('created_at').notNull().defaultNow(),
});

export const deposits = pgTable('deposits', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  method: text('method').notNull(),
  amount: cents('amount').notNull(),
  reference: text('reference').notNull(),
  receiptFile: text('receipt_file'),
  ...reviewColumns(),
});

export const withdrawals = pgTable('withdrawals', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  method: text('method').notNull(),
  amount: cents('amount').notNull(),
  destination: text('destination').notNull(),
  ...reviewColumns(),
});

export const refundRequests = pgTable('refund_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  nationality: text('nationality').notNull(),
  name: text('name').notNull(),
  idNumber: text('id_number').notNull(),
  lostAmount: cents('lost_amount').notNull(),
  refundNumber: text('refund_number').notNull(),
  credited: cents('credited'),
  ...reviewColumns(),
});

export const identityChecks = pgTable('identity_checks', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  realName: text('real_name').notNull(),
  idNumber: text('id_number').notNull(),
  frontFile: text('front_file').notNull(),
  backFile: text('back_file').notNull(),
  ...reviewColumns(),
});

export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

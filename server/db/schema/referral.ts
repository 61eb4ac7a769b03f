import { bigint, index, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

/** Cashback paid on a settled order's fee to one upline member; the key pays each (order, member) once. */
export const referralCashback = pgTable('referral_cashback', {
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  beneficiaryId: integer('beneficiary_id').notNull().references(() => users.id),
  sourceUserId: integer('source_user_id').notNull().references(() => users.id),
  generation: smallint('generation').notNull(),
  fee: bigint('fee', { mode: 'bigint' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.orderId, t.beneficiaryId] }), index('referral_cashback_beneficiary').on(t.beneficiaryId, t.generation)]);

/** Settled orders whose cashback is still owed (migrations/0006_cashback_queue.sql); paid by server/referral/queue.ts. */
export const cashbackQueue = pgTable('cashback_queue', {
  orderId: integer('order_id').primaryKey(),
  userId: integer('user_id').notNull(),
  fee: bigint('fee', { mode: 'bigint' }).notNull(),
  settleTime: bigint('settle_time', { mode: 'number' }).notNull(),
});

import { bigint, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

const cents = (name: string) => bigint(name, { mode: 'bigint' });
const epochMs = (name: string) => bigint(name, { mode: 'number' });

/**
 * Limits a member sets on their own trading (migrations/0016_trading_limits.sql): each setting with the looser
 * change that waits 24 hours beside it, and the day's counters order/create checks and adds to in its statement.
 * Read through server/limits/columns.ts, which applies a waiting change whose time has come.
 */
export const tradingLimits = pgTable('trading_limits', {
  userId: integer('user_id').primaryKey().references(() => users.id),
  timeZone: text('time_zone').notNull(),
  timeZoneNext: text('time_zone_next'),
  timeZoneNextAt: epochMs('time_zone_next_at'),
  lossLimit: cents('loss_limit'),
  lossLimitNext: cents('loss_limit_next'),
  lossLimitNextAt: epochMs('loss_limit_next_at'),
  turnoverLimit: cents('turnover_limit'),
  turnoverLimitNext: cents('turnover_limit_next'),
  turnoverLimitNextAt: epochMs('turnover_limit_next_at'),
  breakUntil: epochMs('break_until'),
  breakUntilNext: epochMs('break_until_next'),
  breakUntilNextAt: epochMs('break_until_next_at'),
  realityMinutes: integer('reality_minutes'),
  realityMinutesNext: integer('reality_minutes_next'),
  realityMinutesNextAt: epochMs('reality_minutes_next_at'),
  day: date('day', { mode: 'string' }),
  dayTurnover: cents('day_turnover').notNull().default(0n),
  dayCost: cents('day_cost').notNull().default(0n),
  dayFirstOrder: text('day_first_order'),
  dayLedgerFrom: bigint('day_ledger_from', { mode: 'number' }).notNull().default(0),
  updatedAt: epochMs('updated_at').notNull(),
});

import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Money columns are bigint minor units (cents of the account currency); see src/shared/money.ts. */
const cents = (name: string) => bigint(name, { mode: 'bigint' });
const ms = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  payPasswordHash: text('pay_password_hash'),
  payPasswordFails: smallint('pay_password_fails').notNull().default(0),
  payPasswordLockedUntil: ms('pay_password_locked_until'),
  inviteCode: text('invite_code').notNull(),
  inviterId: integer('inviter_id'),
  verified: boolean('verified').notNull().default(false),
  depositedTotal: cents('deposited_total').notNull().default(0n),
  createdAt: ms('created_at').notNull().defaultNow(),
});

/** A signed-in device. expires_at moves with use (migration 0015, server/auth/session-life.ts). */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  createdAt: ms('created_at').notNull().defaultNow(),
  expiresAt: ms('expires_at').notNull(),
  /** What the member names the session by (user/session_revoke): never the token's hash. */
  publicId: uuid('public_id').notNull().defaultRandom(),
  /** "Chrome 131", "Android 14": parsed from the User-Agent at sign-in; '' when it said nothing we know. */
  browser: text('browser').notNull().default(''),
  os: text('os').notNull().default(''),
  lastActiveAt: ms('last_active_at').notNull().defaultNow(),
}, (t) => [index('sessions_user').on(t.userId), uniqueIndex('sessions_public_id').on(t.publicId)]);

/** One account per member in the account currency. balance = available + frozen. */
export const accounts = pgTable('accounts', {
  userId: integer('user_id').primaryKey().references(() => users.id),
  available: cents('available').notNull().default(0n),
  frozen: cents('frozen').notNull().default(0n),
});

/** Every balance change is a row here, written in the same transaction as the change. */
export const ledger = pgTable('ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  type: text('type').notNull(),
  /** Change of the total balance (available + frozen). Freezes move money between the two and record 0. */
  amount: cents('amount').notNull(),
  /** Change of the available part. */
  availableDelta: cents('available_delta').notNull(),
  balanceAfter: cents('balance_after').notNull(),
  ref: text('ref'),
  createdAt: ms('created_at').notNull().defaultNow(),
}, (t) => [index('ledger_user_id').on(t.userId, t.id)]);

/** First answer of a money-moving request, replayed for a retry with the same key. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull(),
  key: text('key').notNull(),
  path: text('path').notNull(),
  bodyHash: text('body_hash').notNull(),
  status: smallint('status').notNull(),
  response: text('response').notNull(),
  createdAt: ms('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] })]);

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  lang: text('lang').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: ms('created_at').notNull().defaultNow(),
});

import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

/** One member's chat with support; bodies are stored exactly as typed (plain text, never HTML-escaped). */
export const supportMessages = pgTable('support_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  sender: text('sender').$type<'member' | 'support'>().notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** When the other side read it: the member for support replies, an operator for member messages. */
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
}, (t) => [index('support_messages_user').on(t.userId, t.id)]);

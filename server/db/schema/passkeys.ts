import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

// Passkeys (WebAuthn); the SQL is migrations/0017_passkeys.sql.
const ms = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const passkeyCredentials = pgTable('passkey_credentials', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** base64url, as the browser names it. */
  credentialId: text('credential_id').notNull().unique(),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  name: text('name').notNull(),
  createdAt: ms('created_at').notNull(),
  lastUsedAt: ms('last_used_at'),
}, (t) => [index('passkey_credentials_user').on(t.userId, t.id)]);

export type PasskeyPurpose = 'register' | 'login' | 'withdrawal' | 'pay_password' | 'passkey_remove';

export const passkeyChallenges = pgTable('passkey_challenges', {
  /** base64url of the 32 bytes the authenticator signs over. */
  challenge: text('challenge').primaryKey(),
  nonce: text('nonce').notNull(),
  userId: integer('user_id').references(() => users.id),
  purpose: text('purpose').$type<PasskeyPurpose>().notNull(),
  payloadDigest: text('payload_digest').notNull(),
  expiresAt: ms('expires_at').notNull(),
  usedAt: ms('used_at'),
}, (t) => [index('passkey_challenges_expires').on(t.expiresAt)]);

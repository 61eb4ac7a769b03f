// The Drizzle schema, one file per domain; each table also has its SQL in server/db/migrations.
import * as core from './schema/core.ts';
import * as earn from './schema/earn.ts';
import * as limits from './schema/limits.ts';
import * as market from './schema/market.ts';
import * as money from './schema/money.ts';
import * as passkeys from './schema/passkeys.ts';
import * as referral from './schema/referral.ts';
import * as support from './schema/support.ts';

export const schema = { ...core, ...money, ...earn, ...market, ...referral, ...support, ...passkeys, ...limits };
export type Schema = typeof schema;

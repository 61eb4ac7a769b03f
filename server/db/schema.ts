// The Drizzle schema, one file per domain; each table also has its SQL in server/db/migrations.
import * as core from './schema/core.ts';

export const schema = { ...core };
export type Schema = typeof schema;

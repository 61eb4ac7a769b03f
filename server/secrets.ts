import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { rows } from './db/rows.ts';

export type SecretName = 'market_seed' | 'idempotency_hmac' | 'passkey_hmac';

/**
 * A 256-bit secret the server generates the first time it is asked for and keeps in the database
 * (server_secrets), so it is never in the repository and every process of one deployment shares it.
 * Concurrent first calls race on the primary key and all read the one value that won.
 */
export async function serverSecret(db: Db, name: SecretName): Promise<Buffer> {
  const fresh = randomBytes(32).toString('hex');
  await db.execute(sql`INSERT INTO server_secrets (name, value) VALUES (${name}, ${fresh}) ON CONFLICT (name) DO NOTHING`);
  const [row] = await rows<{ value: string }>(db, sql`SELECT value FROM server_secrets WHERE name = ${name}`);
  if (!row) throw new Error(`server secret ${name} could not be stored`);
  return Buffer.from(row.value, 'hex');
}

const kept = new WeakMap<Db, Map<SecretName, Promise<Buffer>>>();

/** serverSecret, asked of the database once per process (a failed ask is asked again next time). */
export function keptSecret(db: Db, name: SecretName): Promise<Buffer> {
  let secrets = kept.get(db);
  if (!secrets) kept.set(db, (secrets = new Map()));
  let secret = secrets.get(name);
  if (!secret) {
    secret = serverSecret(db, name);
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}

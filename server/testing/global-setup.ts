import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openPglite } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { SNAPSHOT_PATH } from './snapshot-path.ts';

/** Migrates one PGlite once and snapshots it, so each test file loads a ready database in about a second. */
export default async function setup() {
  if (process.env['DATABASE_URL']) return;
  const database = await openPglite(undefined);
  await migrate(database);
  const dump = await database.dump();
  mkdirSync(dirname(SNAPSHOT_PATH), { recursive: true });
  writeFileSync(SNAPSHOT_PATH, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

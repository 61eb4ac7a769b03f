import { resolve } from 'node:path';

export const SNAPSHOT_PATH = resolve(process.cwd(), '.tmp/pglite-migrated.tar.gz');

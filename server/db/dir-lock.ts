import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A live process holds the data directory. */
export class DirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly holder: string,
  ) {
    super(`the ${holder} (pid ${pid}) holds this data directory`);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite allows one process per data directory, and two would corrupt it. Whoever opens it (the server, or the
 * operator tool when no server runs) first creates DATA_DIR/pglite.lock exclusively; a lock whose process has
 * died is taken over. Answers the release function.
 */
export function lockDataDir(dir: string, holder: 'server' | 'operator tool'): () => void {
  const file = join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, holder }), { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let held: { pid?: number; holder?: string } = {};
      try {
        held = JSON.parse(readFileSync(file, 'utf8')) as typeof held;
      } catch {
        // Unreadable (a crash mid-write): treat as stale.
      }
      if (typeof held.pid === 'number' && alive(held.pid)) throw new DirLockedError(held.pid, held.holder ?? 'process');
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}`);
}

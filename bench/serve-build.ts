// A built site served by the real server on a free port of loopback, with its own data folder: each benchmark's
// builds side by side (ours and a baseline), started the same way.
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/start.ts';

export interface ServedBuild {
  /** The site's address on 127.0.0.1 (not localhost, which may resolve to ::1 first). */
  readonly base: string;
  readonly stop: () => Promise<void>;
}

/** Serves `siteDir` with data in `dataDir`; `extra` adds settings (TLS files, DEMO). */
export async function serveBuild(siteDir: string, dataDir: string, extra: Readonly<Record<string, string>> = {}): Promise<ServedBuild> {
  const running = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', ACCESS_LOG: 'false', DATA_DIR: dataDir, STATIC_DIR: siteDir, ...extra }));
  return { base: running.url.replace('localhost', '127.0.0.1'), stop: () => running.stop() };
}

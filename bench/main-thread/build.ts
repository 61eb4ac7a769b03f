// Builds the app and the naive baseline into the benchmark's own static folder, so a teammate's
// `vite build` into dist/ mid-run cannot change what is measured. The naive page lands under /bench-naive/.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildApp } from '../older-build.ts';

export function buildSite(siteDir: string): void {
  buildApp('.', siteDir);
  const naive = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn', '--config', 'bench/naive/vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NAIVE_OUT_DIR: join(siteDir, 'bench-naive') },
  });
  if (naive.status !== 0) throw new Error(`vite build of the naive page failed (${naive.status ?? naive.signal})`);
}

// Builds the app and the naive baseline into the benchmark's own static folder, so a teammate's
// `vite build` into dist/ mid-run cannot change what is measured. The naive page lands under /bench-naive/.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

function vite(args: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn', ...args], { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`vite build ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

export function buildSite(siteDir: string): void {
  vite(['--outDir', siteDir, '--emptyOutDir']);
  vite(['--config', 'bench/naive/vite.config.ts'], { ...process.env, NAIVE_OUT_DIR: join(siteDir, 'bench-naive') });
}

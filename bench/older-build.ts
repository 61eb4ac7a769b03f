// The app as an older commit built it: a benchmark's baseline, built and measured in the same run as ours (a
// constant from an old table is not a baseline). Each build goes into the bench's own folder, so a teammate's
// `vite build` into dist/ cannot change what is measured.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Builds the app in `root` (this checkout, or an older commit's files) into `siteDir`. */
export function buildApp(root: string, siteDir: string): string {
  const built = spawnSync('npx', ['--no-install', 'vite', 'build', '--outDir', siteDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
  if (built.status !== 0) throw new Error(`vite build in ${root} failed (${built.status ?? built.signal})`);
  return siteDir;
}

/**
 * `commit`'s files in a folder under `workDir`, with this checkout's node_modules when its lockfile is the same,
 * else with its own (npm ci: a dependency since removed or changed must build as it was).
 */
export function checkout(commit: string, workDir: string): string {
  const dir = join(workDir, `src-${commit}`);
  mkdirSync(dir);
  const archive = spawnSync('bash', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`], { stdio: 'inherit' });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed`);
  if (readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync('package-lock.json', 'utf8')) {
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
    return dir;
  }
  const installed = spawnSync('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit', cwd: dir });
  if (installed.status !== 0) throw new Error(`npm ci for ${commit} failed`);
  return dir;
}

/** The app as `commit` built it, in `workDir`/`name`. */
export function buildCommit(commit: string, workDir: string, name: string): string {
  return buildApp(checkout(commit, workDir), join(workDir, name));
}

#!/usr/bin/env node
// Flake check: runs one vitest selection N times and names every test that failed even once.
//   npm run test:repeat -- --project browser 5
//   npm run test:repeat -- --project node server/auth 3
// The last argument is N when it is a number (default 5); the rest goes to `vitest run` as is.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const last = args.at(-1);
const runs = last !== undefined && /^\d+$/.test(last) ? Number(args.pop()) : 5;
const dir = mkdtempSync(join(tmpdir(), 'candlewick-repeat-'));
/** test name -> how many runs it failed in */
const failures = new Map();
const perRun = [];

for (let run = 1; run <= runs; run++) {
  const out = join(dir, `run-${run}.json`);
  console.log(`\n==> run ${run}/${runs}: vitest run ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync('npx', ['--no-install', 'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    stdio: 'inherit',
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  let report;
  try {
    report = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    // No report means vitest itself could not run (config error, crash): that counts as a failure of the run.
    perRun.push(`run ${run}: no report (exit ${result.status}), ${seconds} s`);
    failures.set('(vitest did not finish)', (failures.get('(vitest did not finish)') ?? 0) + 1);
    continue;
  }
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that fails outside any test (import error, hook timeout) has no failed assertion to name.
    if (file.status === 'failed' && failedTests.length === 0) failures.set(`${file.name} (file)`, (failures.get(`${file.name} (file)`) ?? 0) + 1);
    for (const t of failedTests) {
      const name = `${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}`;
      failures.set(name, (failures.get(name) ?? 0) + 1);
    }
  }
  perRun.push(`run ${run}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${seconds} s`);
}
rmSync(dir, { recursive: true, force: true });

console.log('\n==> Repeat summary');
for (const line of perRun) console.log(`  ${line}`);
if (failures.size === 0) {
  console.log(`  no test failed in ${runs} runs`);
} else {
  console.log(`  ${failures.size} test(s) failed at least once:`);
  for (const [name, count] of [...failures].sort((a, b) => b[1] - a[1])) console.log(`  ${count}/${runs}  ${name}`);
}
process.exit(failures.size === 0 ? 0 : 1);

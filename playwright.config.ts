import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { WEB_NAME } from './tests/e2e/support.ts';

/**
 * End-to-end tests in Debian's Chromium against the real server (`tsx server/main.ts`, as `npm start` runs it)
 * on a fresh temporary DATA_DIR and a free port. The app must be built first (`npm run build`; `npm test` does it).
 */
// This file is evaluated in the runner and again in every worker. The runner picks the port and data dir once;
// workers inherit them through the environment, so everyone talks to the same server.
let createdDataDir: string | undefined;
if (!process.env['E2E_PORT']) {
  process.env['E2E_PORT'] = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
if (!process.env['E2E_DATA_DIR']) {
  createdDataDir = mkdtempSync(join(tmpdir(), 'candlewick-e2e-'));
  process.env['E2E_DATA_DIR'] = createdDataDir;
  // After the web server has been stopped: the runner exits last.
  process.on('exit', () => rmSync(createdDataDir ?? '', { recursive: true, force: true }));
}
if (!existsSync('dist/index.html')) throw new Error('dist/index.html is missing: run `npm run build` before `playwright test`.');

const port = process.env['E2E_PORT'];
const JOURNEY_WORKERS = Number(process.env['E2E_WORKERS'] ?? 8);
const CHROMIUM_ARGS = ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--disable-background-networking'];
const HEADLESS_CHROMIUM = { executablePath: process.env['CHROMIUM_SHELL_PATH'] ?? '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS };
const FULL_CHROMIUM = { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS };
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Most journeys wait on the market (a 30 s order, a settle, a poll) far more than they compute, so they run side
  // by side, in Chromium's headless build (same source and version, a third of the full browser's CPU); the ones
  // that wait for a settlement (tagged @settles) are queued first, so their wait overlaps the others' work. The
  // tests that assert real-time figures run after them in the full browser, on a quiet machine: most of them
  // (@timing) two at a time, then the countdown tests (@alone) one by one, each with the machine to itself (one
  // settles a burst of 1,000 orders; the other drives two Chromiums with faked clocks, and had a step late while a
  // server started beside it).
  // The journeys that compute more than they wait (@heavy: axe over many screens, the operator tool started from the
  // journey, each start seconds of CPU) run two at a time once the others are done: among eight, on a slower machine
  // of two cores, six of them ran out of time and three others used over three fifths of theirs.
  workers: JOURNEY_WORKERS,
  projects: [
    { name: 'settling', grep: /@settles/, fullyParallel: true, use: { launchOptions: HEADLESS_CHROMIUM } },
    { name: 'journeys', grepInvert: /@settles|@heavy|@timing|@alone/, fullyParallel: true, use: { launchOptions: HEADLESS_CHROMIUM } },
    { name: 'heavy', grep: /@heavy/, dependencies: ['settling', 'journeys'], workers: 2, fullyParallel: true, use: { launchOptions: HEADLESS_CHROMIUM } },
    { name: 'timing', grep: /@timing/, dependencies: ['heavy'], workers: 2, fullyParallel: true, use: { launchOptions: FULL_CHROMIUM } },
    { name: 'alone', grep: /@alone/, dependencies: ['timing'], workers: 1, use: { launchOptions: FULL_CHROMIUM } },
  ],
  retries: 0,
  forbidOnly: Boolean(process.env['CI']),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 360, height: 640 },
    locale: 'en-US',
    // The service worker stays out of every spec but tests/e2e/pwa.spec.ts (which allows it), so a spec's network
    // view (and any page.route) sees what the server sent.
    serviceWorkers: 'block',
    // A trace costs a tenth of a run's CPU and CI keeps no files: E2E_TRACE=1 records one for each failed test.
    trace: process.env['E2E_TRACE'] === '1' ? 'retain-on-failure' : 'off',
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `${baseURL}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env['E2E_DATA_DIR'] ?? '',
      STATIC_DIR: 'dist',
      WEB_NAME,
      // Every test registers a member of its own, all from 127.0.0.1.
      REGISTER_PER_HOUR: '100000',
      // The server's stdout is piped into the report: a line per request (every poll of every page) would bury
      // it. ACCESS_LOG=true npm run test:e2e to see them.
      ACCESS_LOG: process.env['ACCESS_LOG'] ?? 'false',
    },
  },
});

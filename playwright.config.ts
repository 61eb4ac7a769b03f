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
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two shared cores run the server and the browser too; one worker keeps timings sane.
  workers: Number(process.env['E2E_WORKERS'] ?? 1),
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
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--disable-background-networking'],
    },
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
    },
  },
});

// Debian's Chromium as the Lighthouse benches start it: headless, at the mobile profile's pixel ratio, on a profile
// of the caller's, with its DevTools port open for Lighthouse or a protocol client.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Launcher } from 'chrome-launcher';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';

// Debian's headless build of Chromium (the same source and version as the browser, as most e2e journeys run in):
// the browser, even headless, runs more beside the page on the machine's two cores, and Lighthouse's model scales
// every wait for a core that causes. A page of one line scored TBT 343-499 ms there against 52-146 in the headless
// build, run for run (DEVELOPERS.md). Its /usr/lib binary, not Debian's /usr/bin wrapper,
// which does not pass SIGTERM on. CHROME_PATH=/usr/bin/chromium measures in the browser.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const BENCH_CHROME = process.env['CHROME_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export interface BenchChromium {
  readonly port: number;
  /** The browser's own DevTools WebSocket (a browser-level session). */
  readonly ws: string;
  /** Ends the browser and resolves once its main process has exited. */
  readonly stop: () => Promise<void>;
}

/**
 * Chromium on `profile` (Lighthouse's own launcher would replace the profile with a temporary one). The mobile
 * profile's pixel ratio (1.75) is made the browser's own, as a phone's is. Emulated alone, a device-pixel-content-box
 * ResizeObserver reports CSS pixels while devicePixelRatio says 1.75: the chart library sizes its canvases from the
 * one and then from the other, and draws its whole first frame twice (a phone's agree).
 */
export async function chromiumOn(profile: string): Promise<BenchChromium> {
  // Lighthouse's launcher's own flags first (chrome-launcher's defaults: no background networking, component updates,
  // translation or RenderDocument…), so the browser measured is set up as the Lighthouse CLI sets up the one it starts
  // itself. (Measured against the bench's earlier flags alone, 2 x 3 runs each on / and /hq: within the runs' spread.)
  // Port 0: the browser picks a free port and writes it, with its DevTools path, to DevToolsActivePort.
  const flags = [...Launcher.defaultFlags(), '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--ignore-certificate-errors', `--force-device-scale-factor=${screenEmulationMetrics.mobile.deviceScaleFactor}`, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'];
  const child = spawn(BENCH_CHROME, flags, { stdio: 'ignore' });
  const exited = new Promise((ok) => child.once('exit', ok));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  const portFile = join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 100; i++) {
    const [port, path] = existsSync(portFile) ? readFileSync(portFile, 'utf8').split('\n') : [];
    if (port && path) return { port: Number(port), ws: `ws://127.0.0.1:${port}${path}`, stop };
    await new Promise((ok) => setTimeout(ok, 100));
  }
  await stop();
  throw new Error('Chromium did not open its DevTools port');
}

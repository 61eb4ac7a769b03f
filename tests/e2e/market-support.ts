import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { WEB_NAME } from './support.ts';

/** Helpers for the market end-to-end tests (market.spec.ts). */

const run = promisify(execFile);

/** The operator tool against a server's DATA_DIR: while that server runs on PGlite, it hands the command over. */
export async function operator(dataDir: string, ...args: string[]): Promise<string> {
  // As `npm run operator` runs it, without npx's own start-up (a second of CPU per call, many calls per run).
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/operator/main.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    timeout: 90_000,
  });
  return stdout;
}

/** POSTs one member API call (Authorization is the bare token, as the app sends it) and returns `data`. */
export async function api<T>(request: APIRequestContext, token: string, path: string, body: object = {}): Promise<T> {
  const res = await request.post(`/api/${path}`, { data: body, headers: { Authorization: token, 'Accept-Language': 'en' } });
  const text = await res.text();
  expect(res.status(), `${path}: ${text}`).toBe(200);
  const json = JSON.parse(text) as { code: number; data: T };
  expect(json.code, `${path}: ${text}`).toBe(0);
  return json.data;
}

export interface ProductSummary {
  readonly id: number;
  readonly symbol: string;
  readonly category: 'stocks' | 'forex' | 'crypto' | 'metals';
  readonly price: string;
  readonly open: boolean;
}

export interface Order {
  readonly id: number;
  readonly orderNo: string;
  readonly symbol: string;
  readonly direction: 'rise' | 'fall';
  readonly amount: string;
  readonly fee: string;
  readonly cycle: number;
  readonly payoutRate: string;
  readonly openPrice: string;
  readonly openTime: number;
  readonly settleTime: number;
  readonly settlePrice: string | null;
  readonly status: 'open' | 'won' | 'lost' | 'draw';
  readonly profit: string | null;
}

export interface LedgerEntry {
  readonly id: number;
  readonly type: string;
  readonly amount: string;
  readonly available: string;
  readonly balanceAfter: string;
  readonly ref: string | null;
}

export async function productBySymbol(request: APIRequestContext, token: string, symbol: string): Promise<ProductSummary> {
  const { items } = await api<{ items: ProductSummary[] }>(request, token, 'product/list');
  const found = items.find((p) => p.symbol === symbol);
  if (!found) throw new Error(`${symbol} is not in product/list`);
  return found;
}

/** Money strings to integer cents and back, so the tests never add floats. */
export const cents = (s: string): bigint => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(s);
  if (!m) throw new Error(`not a money string: ${s}`);
  const v = BigInt(m[2] ?? '0') * 100n + BigInt(m[3] ?? '0');
  return m[1] === '-' ? -v : v;
};
export const money = (c: bigint): string => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** "0:27" or "1:02:03" → seconds. */
export function secondsOf(text: string): number | null {
  const m = /^(?:(\d+):)?(\d+):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1] ?? '0') * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/**
 * A cheap fingerprint of everything the chart has drawn (all its canvases), to tell whether it changed.
 * lightweight-charts draws only into canvases; a frozen chart keeps the same pixels.
 */
export async function chartFingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('.chart-box canvas')];
    let h = 0;
    for (const c of canvases) {
      const url = c.toDataURL();
      for (let i = 0; i < url.length; i++) h = (Math.imul(h, 31) + url.charCodeAt(i)) | 0;
    }
    return `${canvases.length}:${h}`;
  });
}

/** Pretends the tab went to the background (or came back): the app forwards document.visibilityState to the worker. */
export async function setPageVisible(page: Page, visible: boolean): Promise<void> {
  await page.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (v ? 'visible' : 'hidden') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !v });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

/**
 * Shifts the market worker's own clock (Date) by `shiftMs`. page.clock only reaches pages and frames, not
 * dedicated workers, so the worker script is served with a small prelude that replaces its Date.
 */
export async function shiftWorkerClock(context: BrowserContext, shiftMs: number): Promise<void> {
  const prelude =
    `{const R=Date,S=${shiftMs};class D extends R{constructor(...a){if(a.length===0)super(R.now()+S);else super(...a)}` +
    `static now(){return R.now()+S}}globalThis.Date=D;}\n`;
  await context.route(/\/assets\/market\.worker-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: prelude + (await response.text()) });
  });
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A server of the test's own (`tsx server/main.ts`, as playwright.config.ts starts the shared one), on its own
 * port and DATA_DIR, that the test may stop and start again on the same port and data.
 */
export class OwnServer {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'candlewick-e2e-own-'));
  private child: ChildProcess | null = null;
  private output = '';

  private constructor(readonly port: number) {}

  static async create(): Promise<OwnServer> {
    return new OwnServer(await freePort());
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Starts the server and waits until it says it is running (it prints its address once it listens; the first
   * start seeds and backfills first). Node runs the server itself (tsx as its loader, no npx in between), so the
   * child's exit is the server's.
   */
  async start(timeoutMs = 150_000): Promise<void> {
    if (this.child) throw new Error('already running');
    // This start's output only: its "running" line is what start() waits for.
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, STATIC_DIR: 'dist', WEB_NAME },
      // Its own process group, so stop() reaches anything it started too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`server did not start within ${timeoutMs} ms:\n${this.output}`)), timeoutMs);
      const onExit = (code: number | null) => fail(new Error(`server exited with ${code}:\n${this.output}`));
      const done = () => {
        clearTimeout(timer);
        child.off('exit', onExit);
      };
      function fail(e: Error): void {
        done();
        reject(e);
      }
      const keep = (b: Buffer) => {
        this.output = (this.output + b.toString()).slice(-8000);
        if (/Candlewick is running at /.test(this.output)) {
          done();
          resolve();
        }
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      child.once('exit', onExit);
    });
  }

  /** SIGTERM to its process group (SIGKILL after `graceMs`), and waits until the server has exited. */
  async stop(graceMs = 15_000): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const pid = child.pid;
    if (child.exitCode !== null || child.signalCode !== null || pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const signal = (s: NodeJS.Signals) => {
      try {
        process.kill(-pid, s);
      } catch {
        // Already gone.
      }
    };
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    // The server was the child itself: once it has exited, nothing listens on its port.
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  get log(): string {
    return this.output;
  }
}

/**
 * Counts, in the page, the market worker's answers to each comlink call (by method name), so a test can wait for
 * the worker to have taken a call the app made (its answer comes after the call has run). Call before goto.
 */
export async function countWorkerAnswers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const answers: Record<string, number> = {};
    (window as unknown as { __workerAnswers: Record<string, number> }).__workerAnswers = answers;
    const asked = new Map<string, string>();
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (e: MessageEvent<unknown>) => {
          const id = typeof e.data === 'object' && e.data !== null && 'id' in e.data ? String(e.data.id) : '';
          const method = asked.get(id);
          if (method === undefined) return;
          asked.delete(id);
          answers[method] = (answers[method] ?? 0) + 1;
        });
      }
      override postMessage(message: unknown, options?: StructuredSerializeOptions | Transferable[]): void {
        if (typeof message === 'object' && message !== null && 'type' in message && message.type === 'APPLY' && 'id' in message && 'path' in message && Array.isArray(message.path)) {
          asked.set(String(message.id), message.path.join('.'));
        }
        if (Array.isArray(options)) super.postMessage(message, options);
        else super.postMessage(message, options);
      }
    };
  });
}

/** How many answers to `method` the market worker has sent the page so far (countWorkerAnswers). */
export function workerAnswers(page: Page, method: string): Promise<number> {
  return page.evaluate((m) => (window as unknown as { __workerAnswers?: Record<string, number> }).__workerAnswers?.[m] ?? 0, method);
}

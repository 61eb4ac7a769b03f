// A light load client for GET product/live: many streams over real HTTP, each on its own connection and asking
// gzip as browsers do. A sampled stream is decoded (gunzip, SSE, JSON) and every trade in it timed against its own
// stamp (the same machine's clock as the server's); the rest only drain their bytes, so the client's own CPU stays
// small beside the server it measures. Shared by bench/live-watchers.ts and bench/capacity.ts.
import { request, type ClientRequest } from 'node:http';
import { createGunzip } from 'node:zlib';

/** One open stream and what it received. */
export interface Watcher {
  /** When the first bytes of its first event arrived, ms after it was asked for (NaN until then). */
  readonly setupMs: number;
  /** Bytes received (compressed) since it opened. */
  readonly bytes: number;
  /** True when the server (or the network) ended it before close(). */
  readonly ended: boolean;
  /** Sampled streams: the watermark of its first event, and of its latest one (NaN until then). */
  readonly firstW: number;
  readonly lastW: number;
  /** Sampled streams: every trade time received after the first event, in arrival order. */
  readonly trades: number[];
  /** Sampled streams: arrival time − trade time, ms, for each trade received while `timing` is on. */
  readonly latencies: number[];
  /** Events decoded (sampled streams). */
  readonly events: number;
  timing: boolean;
  close(): void;
}

interface LiveEventShape {
  readonly w: number;
  readonly products?: readonly { readonly id: number; readonly trades?: readonly (readonly [number, ...unknown[]])[] }[];
}

/** Wall-clock time with sub-millisecond resolution: trade stamps are epoch ms, written by the server on this machine. */
const wallNow = (): number => performance.timeOrigin + performance.now();

/** Opens one stream of `watch=<productId>` and resolves once its first bytes arrive (or it fails). */
export function openWatcher(base: string, productId: number, sampled: boolean): Promise<Watcher> {
  const asked = performance.now();
  let req: ClientRequest | null = null;
  let closing = false;
  const w = {
    setupMs: Number.NaN,
    bytes: 0,
    ended: false,
    firstW: Number.NaN,
    lastW: Number.NaN,
    trades: [] as number[],
    latencies: [] as number[],
    events: 0,
    timing: false,
    close() {
      closing = true;
      req?.destroy();
    },
  };
  /** When the latest bytes arrived: an event is timed by them, not by when gunzip (a thread-pool hop) gave it back. */
  let lastBytesAt = 0;
  const onEvent = (e: LiveEventShape): void => {
    const now = lastBytesAt;
    const first = w.events === 0;
    w.events++;
    if (first) w.firstW = e.w;
    w.lastW = e.w;
    if (first) return;
    for (const p of e.products ?? []) {
      if (p.id !== productId) continue;
      for (const t of p.trades ?? []) {
        w.trades.push(t[0]);
        if (w.timing) w.latencies.push(now - t[0]);
      }
    }
  };
  return new Promise((resolve, reject) => {
    req = request(`${base}/api/product/live?watch=${productId}`, { agent: false, headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`product/live answered ${res.statusCode}`));
        res.resume();
        return;
      }
      const gunzip = sampled ? createGunzip() : null;
      res.on('data', (chunk: Buffer) => {
        if (w.bytes === 0) {
          w.setupMs = performance.now() - asked;
          resolve(w);
        }
        w.bytes += chunk.length;
        if (gunzip) {
          lastBytesAt = wallNow();
          gunzip.write(chunk);
        }
      });
      const ended = (): void => {
        if (!closing) w.ended = true;
      };
      res.on('end', ended);
      res.on('close', ended);
      res.on('error', ended);
      if (gunzip) {
        let text = '';
        gunzip.on('error', ended);
        gunzip.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trimStart())
              .join('\n');
            if (data !== '') onEvent(JSON.parse(data) as LiveEventShape);
          }
        });
      }
    });
    req.on('error', (e) => {
      if (!closing) w.ended = true;
      reject(e);
    });
    req.end();
  });
}

/** Opens `count` streams, at most `parallel` being set up at once; every `sampleEvery`-th one is sampled (0: none). */
export async function openWatchers(base: string, productId: number, count: number, sampleEvery: number, parallel = 100): Promise<{ watchers: Watcher[]; sampled: Watcher[]; wallMs: number }> {
  const isSampled = (i: number) => sampleEvery > 0 && i % sampleEvery === 0;
  const watchers: Watcher[] = new Array<Watcher>(count);
  let next = 0;
  const from = performance.now();
  const lane = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      watchers[i] = await openWatcher(base, productId, isSampled(i));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
  return { watchers, sampled: watchers.filter((_, i) => isSampled(i)), wallMs: performance.now() - from };
}

/** A process's resident memory in bytes, from /proc (0 once it is gone). */
export async function rssBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return Number(m?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The q-quantile of some numbers (NaN when there are none). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * What a sampled stream missed, doubled or got out of order, against the trades the database holds (`recorded`,
 * ascending) after the stream's first event and up to its last watermark.
 */
export function checkTrades(w: Watcher, recorded: readonly number[]): { expected: number; missed: number; doubled: number; outOfOrder: number } {
  const expected = recorded.filter((t) => t > w.firstW && t <= w.lastW);
  const got = new Set(w.trades);
  let outOfOrder = 0;
  for (let i = 1; i < w.trades.length; i++) if ((w.trades[i] ?? 0) <= (w.trades[i - 1] ?? 0)) outOfOrder++;
  return { expected: expected.length, missed: expected.filter((t) => !got.has(t)).length, doubled: w.trades.length - got.size, outOfOrder };
}

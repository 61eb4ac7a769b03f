// A client of GET product/live over real HTTP, as a member's worker holds one: it reads every event as it arrives
// (kept with the moment it arrived, for latency figures), and the test waits on those events, never on a clock.
// Beside it, the feed's NOTIFYs as a test's own connection hears them.
import pg from 'pg';
import type { z } from 'zod';
import type { LiveEvent } from '../../src/contract/live.ts';
import type { trade } from '../../src/contract/market.ts';
import { WATERMARK_CHANNEL } from '../market/recorder.ts';
import { readLive } from '../testing/live-reader.ts';
import type { Instance } from './instances.ts';

export type Trade = z.infer<typeof trade>;

export interface Arrival {
  readonly event: LiveEvent;
  /** This process's clock when the event was read (the servers run on this machine, on the same clock). */
  readonly at: number;
}

/** A stream that yields nothing for this long is stuck: the feed writes every second. */
const SILENCE_MS = 20_000;

export class LiveWatch {
  readonly arrivals: Arrival[] = [];
  /** Why the stream ended (the instance died, or close()), once it has. */
  ended: Error | null = null;
  private wake: (() => void)[] = [];

  private constructor(
    readonly instance: Instance,
    readonly query: string,
    /** The answer's Content-Encoding (gzip, or null for the plain stream). */
    readonly encoding: string | null,
    private readonly abort: AbortController,
  ) {}

  /**
   * Opens `GET /api/product/live?<query>` on the instance and answers once the first event is in. `gzip`: asks
   * for it (fetch decodes it as a browser does); otherwise asks for the plain stream.
   */
  static async open(instance: Instance, query: string, gzip: boolean): Promise<LiveWatch> {
    const abort = new AbortController();
    const res = await fetch(`${instance.base}/api/product/live?${query}`, { headers: { 'accept-encoding': gzip ? 'gzip' : 'identity' }, signal: abort.signal });
    if (res.status !== 200) throw new Error(`${instance.name} product/live?${query}: ${res.status} ${await res.text()}`);
    if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body) throw new Error(`${instance.name} product/live?${query}: no event stream`);
    // fetch has already decoded the gzip the server sent: the reader must not decode it again.
    const body = new Response(res.body, { headers: { 'content-type': res.headers.get('content-type') ?? '' } });
    const watch = new LiveWatch(instance, query, res.headers.get('content-encoding'), abort);
    void watch.pump(readLive(body));
    await watch.until(() => true, 'its first event');
    return watch;
  }

  /** The last event's watermark: the cursor a resume starts from. */
  get w(): number {
    const last = this.arrivals.at(-1);
    if (!last) throw new Error('no event yet');
    return last.event.w;
  }

  /** The first event's watermark: where the stream started (later events may already be in when it opened). */
  get firstW(): number {
    const first = this.arrivals[0];
    if (!first) throw new Error('no event yet');
    return first.event.w;
  }

  /** Every trade of this product the stream has sent, in the order sent. */
  trades(id: number): Trade[] {
    return this.arrivals.flatMap((a) => a.event.products?.find((p) => p.id === id)?.trades ?? []);
  }

  /** Answers once some event so far satisfies `test`; fails when the stream ends first or stays silent too long. */
  async until(test: (e: LiveEvent) => boolean, what: string): Promise<LiveEvent> {
    for (;;) {
      const found = this.arrivals.find((a) => test(a.event));
      if (found) return found.event;
      if (this.ended) throw new Error(`${this.instance.name} stream ended before ${what}: ${this.ended.message}`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${this.instance.name} stream: no event for ${SILENCE_MS} ms while waiting for ${what}`)), SILENCE_MS);
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Answers once an event at or past this watermark has arrived. */
  reach(w: number): Promise<LiveEvent> {
    return this.until((e) => e.w >= w, `watermark ${w}`);
  }

  /** Answers once the stream has ended (its instance killed): with why. */
  async end(): Promise<Error> {
    while (!this.ended) await new Promise<void>((resolve) => this.wake.push(resolve));
    return this.ended;
  }

  close(): void {
    this.abort.abort();
  }

  private async pump(reader: ReturnType<typeof readLive>): Promise<void> {
    try {
      for (;;) {
        const event = await reader.next();
        this.arrivals.push({ event, at: Date.now() });
        this.notify();
      }
    } catch (e) {
      this.ended = e instanceof Error ? e : new Error(String(e));
      this.notify();
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = [];
    for (const fn of wake) fn();
  }
}

export interface Notified {
  readonly w: number;
  /** The backend that sent it: the feed's connection in one instance (pg_stat_activity names it). */
  readonly pid: number;
  readonly at: number;
}

/**
 * Every watermark the feed NOTIFYs, heard on a connection of the test's own, in order, with the backend that sent
 * it: which instance wrote each watermark, and the moment the takeover's first write committed.
 */
export class WatermarkLog {
  readonly heard: Notified[] = [];
  private wake: (() => void)[] = [];

  private constructor(private readonly client: pg.Client) {}

  static async listen(url: string): Promise<WatermarkLog> {
    const client = new pg.Client({ connectionString: url, application_name: 'cw-test-listen' });
    const log = new WatermarkLog(client);
    client.on('notification', (n) => {
      if (n.channel !== WATERMARK_CHANNEL) return;
      log.heard.push({ w: Number(n.payload), pid: n.processId, at: Date.now() });
      const wake = log.wake;
      log.wake = [];
      for (const fn of wake) fn();
    });
    await client.connect();
    await client.query(`LISTEN ${WATERMARK_CHANNEL}`);
    return log;
  }

  /** The first NOTIFY after the first `after` ones that satisfies `test` (awaited as each arrives). */
  async first(test: (n: Notified) => Promise<boolean>, what: string, after = 0): Promise<Notified> {
    for (let i = after; ; i++) {
      while (i >= this.heard.length) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no NOTIFY for ${SILENCE_MS} ms while waiting for ${what}`)), SILENCE_MS);
          this.wake.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      const n = this.heard[i];
      if (n && (await test(n))) return n;
    }
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

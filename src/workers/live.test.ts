import { asyncScheduler, BehaviorSubject, firstValueFrom, NEVER, type Observable, of, Subject, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { PollState } from '../streams/messages.ts';
import { createLive } from './live.ts';
import type { Turnover } from './turnover-shape.ts';

/** One request the live module made: its URL, whether it was aborted, and a way to push SSE text into its answer. */
interface Opened {
  readonly url: string;
  readonly signal: AbortSignal;
  push(text: string): void;
  end(): void;
}

/** A fetch that answers product/live with a stream the test writes into (or with `status`), and lists what was opened. */
function streamingFetch(status = 200) {
  const opened: Opened[] = [];
  const waiters: ((o: Opened) => void)[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const signal = init?.signal ?? new AbortController().signal;
    if (status !== 200) return new Response('{"code":404,"msg":"error.not_found"}', { status, headers: { 'content-type': 'application/json' } });
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const o: Opened = {
      url,
      signal,
      push: (text) => controller?.enqueue(new TextEncoder().encode(text)),
      end: () => controller?.close(),
    };
    opened.push(o);
    waiters.shift()?.(o);
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return {
    fetchFn,
    opened,
    /** The next stream opened (or the one already opened at `index`). */
    next: (index: number) => (opened[index] ? Promise.resolve(opened[index]) : new Promise<Opened>((ok) => waiters.push(ok))),
  };
}

const quote = '"quote":{"price":"100.00","changePct":"1.00","open":true}';
const stats = '"stats":{"volume24h":"1","amount24h":"100.00","high24h":"101.00","low24h":"99.00"}';
const dataOf = (s: PollState<Turnover>) => (s.kind === 'data' ? s.value : null);

/** Holds a subscription (as a screen does) and answers the states that came, and the first one to match. */
function hold(states$: Observable<PollState<Turnover>>) {
  const seen: PollState<Turnover>[] = [];
  const arrived = new Subject<void>();
  const sub = states$.subscribe((s) => {
    seen.push(s);
    arrived.next();
  });
  const until = async (ok: (seen: readonly PollState<Turnover>[]) => boolean): Promise<readonly PollState<Turnover>[]> => {
    while (!ok(seen)) await firstValueFrom(arrived);
    return seen;
  };
  return { seen, until, stop: () => sub.unsubscribe() };
}
const datas = (seen: readonly PollState<Turnover>[]) => seen.map(dataOf).filter((v): v is Turnover => v !== null);

function setUp(status = 200) {
  const f = streamingFetch(status);
  const visible$ = new BehaviorSubject(true);
  const live = createLive({ fetch: f.fetchFn, apiBase: () => 'http://x/api', visible$, scheduler: asyncScheduler, random: () => 0, timing: { firstEventMs: 2_000, retryInitialMs: 1, retryMaxMs: 2 } });
  return { f, visible$, live };
}

describe('live stream in the worker', () => {
  it("gives a watched product's trades as turnover states, and resumes with each product's cursor when the set changes", async () => {
    const { f, live } = setUp();
    const held = hold(live.turnover(12, () => NEVER));
    const a = await f.next(0);
    expect(a.url).toBe('http://x/api/product/live?watch=12');
    a.push(`data: {"w":1999,"products":[{"id":12,"trades":[[1000,"99.00","1","fall"]],${quote},${stats}}]}\n\n`);
    a.push(`data: {"w":2999,"products":[{"id":12,"trades":[[2000,"101.00","1","rise"]],"quote":{"price":"101.00"}}]}\n\n`);
    const [s1, s2] = datas(await held.until((seen) => datas(seen).length >= 2));
    expect(s1?.trades.map((t) => t[0])).toEqual([1000]);
    expect(s1?.price).toBe('100.00');
    expect(s2?.trades.map((t) => t[0])).toEqual([2000]);
    // A quote's change is laid over the one held: the price moved, the rest stands.
    expect([s2?.price, s2?.changePct, s2?.open]).toEqual(['101.00', '1.00', true]);
    expect(s2?.since).toBe(1999);

    // A second product joins: one new stream with the first one's cursor; the old one is closed.
    const sub = live.turnover(13, () => NEVER).subscribe();
    const b = await f.next(1);
    expect(a.signal.aborted).toBe(true);
    expect(b.url).toBe('http://x/api/product/live?watch=12:2999,13');
    sub.unsubscribe();
    held.stop();
  });

  it('closes the stream while hidden and reopens it from the cursor on return', async () => {
    const { f, visible$, live } = setUp();
    const held = hold(live.turnover(7, () => NEVER));
    const a = await f.next(0);
    a.push(`data: {"w":5999,"products":[{"id":7,"trades":[[5000,"1.00","1","rise"]],${quote},${stats}}]}\n\n`);
    await held.until((seen) => datas(seen).length > 0);
    visible$.next(false);
    expect(a.signal.aborted).toBe(true);
    visible$.next(true);
    expect((await f.next(1)).url).toBe('http://x/api/product/live?watch=7:5999');
    held.stop();
  });

  it('reconnects from the cursor after the stream breaks, telling its consumers meanwhile', async () => {
    const { f, live } = setUp();
    const held = hold(live.turnover(7, () => NEVER));
    const a = await f.next(0);
    a.push(`data: {"w":5999,"products":[{"id":7,${quote},${stats}}]}\n\n`);
    a.push('data: {not json}\n\n');
    await held.until((seen) => seen.some((s) => s.kind === 'error'));
    expect((await f.next(1)).url).toBe('http://x/api/product/live?watch=7:5999');
    held.stop();
  });

  it("falls back to the product's own poll where the stream is unknown (an older server)", async () => {
    const { live } = setUp(404);
    const polled: PollState<Turnover> = { kind: 'data', value: { price: '5.00' } as Turnover, at: 0, nextInMs: 2_000 };
    const state = await firstValueFrom(live.turnover(7, () => of(polled)));
    expect(state).toBe(polled);
  });

  it('quotes list rows in view, without their trades, one batch per event', async () => {
    const { f, live } = setUp();
    const got = firstValueFrom(live.rowQuotes([3, 4]).pipe(take(2), toArray()));
    const a = await f.next(0);
    expect(a.url).toBe('http://x/api/product/live?quotes=3,4');
    a.push(`data: {"w":999,"products":[{"id":3,${quote}},{"id":4,${quote}}]}\n\n`);
    a.push(`data: {"w":1999,"products":[{"id":4,${quote}}]}\n\n`);
    expect((await got).map((batch) => batch.map((q) => [q.id, q.price, q.at]))).toEqual([
      [
        [3, '100.00', 999],
        [4, '100.00', 999],
      ],
      [[4, '100.00', 1999]],
    ]);
  });
});

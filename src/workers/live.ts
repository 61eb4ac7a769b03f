import {
  BehaviorSubject,
  NEVER,
  of,
  distinctUntilChanged,
  map,
  Observable,
  ReplaySubject,
  type SchedulerLike,
  Subject,
  type Subscription,
  switchMap,
} from 'rxjs';
import type { LiveEvent, LivePath, LiveQuote, LiveStats } from '../contract/live.ts';
import { eventData } from '../streams/event-stream.ts';
import { liveConnection, type LiveState, StreamUnsupported } from '../streams/live-connection.ts';
import type { PollState } from '../streams/messages.ts';
import type { Turnover } from './turnover-shape.ts';

/** The contract's path (a type import checks it: the worker takes no code from the contract). */
const LIVE_PATH: LivePath = 'product/live';

export interface LiveTiming {
  /** With no first event this soon, a proxy holds the stream up: the plain poll stands in. */
  readonly firstEventMs: number;
  readonly fallbackMs: number;
  readonly retryInitialMs: number;
  readonly retryMaxMs: number;
  /** The server speaks at least this often (its keepalive): a product counts as stale after three of these. */
  readonly keepaliveMs: number;
}

export const LIVE_TIMING: LiveTiming = {
  firstEventMs: 8_000,
  // A path that cannot stream (an old server, a buffering proxy) polls for a few minutes before trying again.
  fallbackMs: 180_000,
  // A server that restarts is back within a second of answering: retries stay short.
  retryInitialMs: 250,
  retryMaxMs: 1_000,
  keepaliveMs: 15_000,
};

export interface LiveDeps {
  readonly fetch: typeof fetch;
  /** The API's base URL now (the session's). */
  readonly apiBase: () => string;
  readonly visible$: Observable<boolean>;
  readonly scheduler: SchedulerLike;
  readonly random?: () => number;
  readonly timing?: Partial<LiveTiming>;
}

/** A product's quote off the stream, for a list row, and the watermark of its event (the time it holds at). */
export type LiveRowQuote = LiveQuote & { readonly id: number; readonly at: number };

interface Held {
  quote: LiveQuote | null;
  stats: LiveStats | null;
}

/** A quote with a change laid over it (a stream sends what changed after its first, whole one); null if incomplete. */
function withChange(held: LiveQuote | null, change: NonNullable<NonNullable<LiveEvent['products']>[number]['quote']>): LiveQuote | null {
  const { nextOpen, ...rest } = { ...held, ...change };
  const next = nextOpen === null || nextOpen === undefined ? rest : { ...rest, nextOpen };
  return typeof next.price === 'string' && typeof next.changePct === 'string' && typeof next.open === 'boolean'
    ? { ...next, price: next.price, changePct: next.changePct, open: next.open }
    : null;
}

/** Parses one event's data, or throws (a broken stream is retried like a lost one). */
function parseEvent(data: string): LiveEvent {
  const event = JSON.parse(data) as LiveEvent;
  if (typeof event !== 'object' || event === null || typeof event.w !== 'number') throw new Error('live: not an event');
  return event;
}

/** One GET product/live as events; 404 or an answer that is no event stream says streaming is unsupported here. */
function openStream(fetchFn: typeof fetch, url: string): Observable<LiveEvent> {
  const chunks = new Observable<string>((subscriber) => {
    const controller = new AbortController();
    (async () => {
      let response: Response;
      try {
        response = await fetchFn(url, { headers: { Accept: 'text/event-stream' }, signal: controller.signal });
      } catch {
        throw new Error('live: network');
      }
      const type = response.headers.get('content-type') ?? '';
      if (response.status >= 500) throw new Error(`live: ${response.status}`);
      if (!response.ok || !type.startsWith('text/event-stream') || !response.body) throw new StreamUnsupported(`live: ${response.status} ${type}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        subscriber.next(value);
      }
      subscriber.complete();
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) subscriber.error(error);
    });
    return () => controller.abort();
  });
  return chunks.pipe(eventData(), map(parseEvent));
}

/**
 * The worker's one live market stream (GET product/live) for every product a screen watches: trades, quote and
 * 24 h figures of the products shown in full, quotes of the list rows in view. The stream is reopened (with each
 * product's cursor, so no trade comes twice or goes missing) when that set changes, when the page comes back into
 * view and after a break; it is closed while the page is hidden. Where streaming does not work, each product's
 * own poll stands in until the stream is tried again.
 */
export function createLive(deps: LiveDeps) {
  const timing = { ...LIVE_TIMING, ...deps.timing };
  const scheduler = deps.scheduler;
  const full = new Map<number, number>();
  const quoted = new Map<number, number>();
  /** Per product shown in full: every trade up to this watermark has arrived. */
  const cursors = new Map<number, number>();
  const held = new Map<number, Held>();
  const products = new Map<number, ReplaySubject<PollState<Turnover>>>();
  // One batch per stream event: the rows that moved together reach the page as one message, one render.
  const rowQuotes$ = new Subject<readonly LiveRowQuote[]>();
  const mode$ = new BehaviorSubject<'stream' | 'poll'>('stream');
  const wanted$ = new BehaviorSubject<number>(0);
  /** The stream is open and speaking (false while down, unsupported or closed). */
  const healthy$ = new BehaviorSubject<boolean>(false);
  /** The products the open stream watches in full (its cursors advance with its events). */
  let streaming = new Set<number>();
  let lastDataAt: number | null = null;
  let connection: Subscription | null = null;
  let pendingSync: Subscription | null = null;

  const subjectOf = (id: number): ReplaySubject<PollState<Turnover>> => {
    let s = products.get(id);
    if (!s) {
      s = new ReplaySubject<PollState<Turnover>>(1);
      products.set(id, s);
    }
    return s;
  };

  const query = (): string => {
    streaming = new Set(full.keys());
    const watch = [...full.keys()].map((id) => (cursors.has(id) ? `${id}:${cursors.get(id)}` : String(id)));
    const rows = [...quoted.keys()].filter((id) => !full.has(id));
    const params = new URLSearchParams();
    if (watch.length) params.set('watch', watch.join(','));
    if (rows.length) params.set('quotes', rows.join(','));
    return `${deps.apiBase().replace(/\/$/, '')}/${LIVE_PATH}?${params.toString().replace(/%2C/g, ',').replace(/%3A/g, ':')}`;
  };

  const onEvent = (event: LiveEvent): void => {
    const at = scheduler.now();
    lastDataAt = at;
    if (mode$.value !== 'stream') mode$.next('stream');
    const trades = new Map<number, Turnover['trades']>();
    const rowQuotes: LiveRowQuote[] = [];
    for (const item of event.products ?? []) {
      const h = held.get(item.id) ?? { quote: null, stats: null };
      if (item.quote) h.quote = withChange(h.quote, item.quote);
      if (item.stats) h.stats = item.stats;
      held.set(item.id, h);
      if (item.trades) trades.set(item.id, item.trades);
      if (item.quote && h.quote && quoted.has(item.id)) rowQuotes.push({ id: item.id, at: event.w, ...h.quote });
    }
    if (rowQuotes.length > 0) rowQuotes$.next(rowQuotes);
    for (const id of streaming) {
      const h = held.get(id);
      const since = cursors.get(id);
      cursors.set(id, event.w);
      if (!h?.quote || !h.stats) continue;
      const value: Turnover = {
        price: h.quote.price,
        changePct: h.quote.changePct,
        open: h.quote.open,
        nextOpen: h.quote.nextOpen ?? null,
        ...h.stats,
        trades: trades.get(id) ?? [],
        serverTime: event.w,
        since,
        quiet: 0,
      };
      subjectOf(id).next({ kind: 'data', value, at, nextInMs: timing.keepaliveMs });
    }
  };

  const onState = (state: LiveState<LiveEvent>): void => {
    if (healthy$.value !== (state.kind === 'event')) healthy$.next(state.kind === 'event');
    if (state.kind === 'event') return onEvent(state.event);
    if (state.kind === 'fallback') {
      // The polls take over with cursors of their own; the next stream starts afresh.
      cursors.clear();
      products.clear();
      mode$.next('poll');
      return;
    }
    const at = scheduler.now();
    for (const id of streaming) subjectOf(id).next({ kind: 'error', error: new Error('live: stream lost'), at, attempt: state.attempt, retryInMs: state.retryInMs, lastDataAt });
  };

  /** Reopens the stream for the current set, once per burst of changes (a screen subscribes to several at once). */
  const sync = (): void => {
    if (pendingSync) return;
    pendingSync = scheduler.schedule(() => {
      pendingSync = null;
      if (full.size + quoted.size === 0) return;
      if (connection) wanted$.next(wanted$.value + 1);
      else ensureConnection();
    });
  };
  /** No stream, and nothing said healthy meanwhile. */
  const closed = (): Observable<never> => {
    if (healthy$.value) healthy$.next(false);
    return NEVER;
  };
  const ensureConnection = (): void => {
    if (connection) return;
    connection = deps.visible$
      .pipe(
        distinctUntilChanged(),
        // Hidden: the stream closes (the next switch has nothing to open); shown: it opens for the current set.
        switchMap((visible) => (visible ? wanted$.pipe(map(() => true)) : of(false))),
        switchMap((open) =>
          !open || full.size + quoted.size === 0
            ? closed()
            : liveConnection<LiveEvent>({
                connect: () => openStream(deps.fetch, query()),
                firstEventMs: timing.firstEventMs,
                fallbackMs: timing.fallbackMs,
                retryInitialMs: timing.retryInitialMs,
                retryMaxMs: timing.retryMaxMs,
                scheduler,
                ...(deps.random ? { random: deps.random } : {}),
              }),
        ),
      )
      .subscribe(onState);
  };
  const release = (): void => {
    if (full.size + quoted.size > 0 || !connection) return;
    connection.unsubscribe();
    connection = null;
    if (healthy$.value) healthy$.next(false);
    pendingSync?.unsubscribe();
    pendingSync = null;
  };

  const count = (registry: Map<number, number>, id: number, by: 1 | -1): void => {
    const n = (registry.get(id) ?? 0) + by;
    if (n > 0) registry.set(id, n);
    else registry.delete(id);
  };

  return {
    /**
     * One product in full (trades, quote, 24 h figures) as the states of a poll of product/trunover, so every
     * consumer of that poll works unchanged; `fallback` is that poll, which stands in where streaming does not work.
     */
    turnover(id: number, fallback: () => Observable<PollState<Turnover>>): Observable<PollState<Turnover>> {
      return new Observable<PollState<Turnover>>((subscriber) => {
        count(full, id, 1);
        sync();
        const inner = mode$.pipe(
          distinctUntilChanged(),
          switchMap((mode) => (mode === 'poll' ? fallback() : subjectOf(id))),
        ).subscribe(subscriber);
        return () => {
          inner.unsubscribe();
          count(full, id, -1);
          if (!full.has(id)) {
            // Watched again later, it starts from the latest trades: its tape starts afresh too.
            cursors.delete(id);
            products.delete(id);
          }
          sync();
          release();
        };
      });
    },
    /**
     * Quotes of list rows in view, as they move (and each one's current quote when the row comes into view): one
     * batch per stream event, of the rows asked for that moved in it.
     */
    rowQuotes(ids: readonly number[]): Observable<readonly LiveRowQuote[]> {
      return new Observable<readonly LiveRowQuote[]>((subscriber) => {
        const mine = new Set(ids);
        for (const id of mine) count(quoted, id, 1);
        sync();
        const inner = rowQuotes$.subscribe((batch) => {
          const moved = batch.filter((q) => mine.has(q.id));
          if (moved.length > 0) subscriber.next(moved);
        });
        return () => {
          inner.unsubscribe();
          for (const id of mine) count(quoted, id, -1);
          sync();
          release();
        };
      });
    },
    /** 'poll' while streaming does not work on this path (each screen's own polls run meanwhile). */
    mode$: mode$.pipe(distinctUntilChanged()),
    /** Whether the stream is open and speaking now, and each change of that. */
    healthy$: healthy$.pipe(distinctUntilChanged()),
    isHealthy: (): boolean => healthy$.value,
    /** Whether a product's market is open by the stream's last quote of it (null: not quoted by the stream). */
    isOpen: (id: number): boolean | null => held.get(id)?.quote?.open ?? null,
  };
}

export type Live = ReturnType<typeof createLive>;

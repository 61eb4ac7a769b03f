import type { ApiPath, CachedPath, Req, Res } from '../contract/api.ts';
import type { ClockSample } from '../streams/inputs.ts';
import type { Session } from './messages.ts';

/** A failed request: HTTP status (0 for a network failure) and the server's error key when it sent one. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    /** Per-field error keys the server sent with a validation or business error. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(`${status} ${key}`);
    this.name = 'RequestError';
  }
}

export interface TransportDeps {
  readonly fetch: typeof fetch;
  readonly session: () => Session;
  /** The client clock the samples are taken on (the scheduler's now, so countdowns share it). */
  readonly now: () => number;
  /** Every answer that carries the server's time becomes one clock sample. */
  readonly onSample: (sample: ClockSample) => void;
  /** The server answered 401 to a request sent with `sentWith` (null: sent without a token). */
  readonly onUnauthorized: (sentWith: string | null) => void;
}

/** A money path's Idempotency-Key: the same key for a retry of the same submission. */
export interface PostOptions {
  readonly idempotencyKey?: string;
}

export type Post = <P extends ApiPath>(path: P, body: Req<P>, signal: AbortSignal, options?: PostOptions) => Promise<Res<P>>;

const errorKeyOf = (body: unknown): string => {
  if (typeof body !== 'object' || body === null) return 'error.internal';
  const msg = (body as { msg?: unknown }).msg;
  return typeof msg === 'string' && msg !== '' ? msg : 'error.internal';
};

const fieldsOf = (body: unknown): Record<string, string> => {
  const fields = typeof body === 'object' && body !== null ? (body as { data?: { fields?: unknown } }).data?.fields : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
};

/** The server's time of an answer and how long it worked on it after that time (Server-Timing `app;dur=`). */
const serverTimeOf = (data: unknown, response: Response): { readonly at: number; readonly workedMs: number } | null => {
  const inBody = typeof data === 'object' && data !== null ? (data as { serverTime?: unknown }).serverTime : undefined;
  if (typeof inBody === 'number' && Number.isFinite(inBody)) {
    const worked = Number(/(?:^|,)\s*app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? 0);
    return { at: inBody, workedMs: Number.isFinite(worked) && worked > 0 ? worked : 0 };
  }
  // The Date header has whole seconds only: a coarser sample, but still one.
  const header = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(header) ? { at: header, workedMs: 0 } : null;
};

/**
 * One clock sample, NTP-style: the server stamped `serverTime` when it began and answered `workedMs` later, so
 * that time is taken out of the round trip (the sample's midpoint moves to the server's midpoint and its RTT is
 * the network's alone). Without it a busy server's slow answer would shift the estimate by half its work.
 */
export function clockSample(sentAt: number, receivedAt: number, server: { readonly at: number; readonly workedMs: number }): ClockSample {
  const worked = Math.min(server.workedMs, Math.max(0, receivedAt - sentAt));
  return { sentAt: sentAt + worked / 2, receivedAt: receivedAt - worked / 2, serverTime: server.at + worked / 2 };
}

/**
 * The contract's public market reads (`cached`): asked with GET, without the member's token (the answer is
 * everyone's, so a shared cache may keep it), and with the tag of the answer already held for that URL. The
 * Record makes the compiler check that this names exactly the contract's list.
 */
const MARKET_READS: Readonly<Record<CachedPath, true>> = { 'product/list': true, 'product/details': true, 'product/kdata': true, 'product/trunover': true };
const isMarketRead = (path: ApiPath): path is CachedPath => Object.hasOwn(MARKET_READS, path);
/** Held answers by URL, for 304s: a few products × intervals and cursors; the oldest goes first. */
const HELD_ANSWERS = 64;

/** The body as query parameters, in a stable order (one URL per question, for every cache on the way). */
export function queryOf(body: object): string {
  const pairs = Object.entries(body)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]): [string, string] => [k, String(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(pairs).toString();
}

/**
 * Sends a request with the session's headers and unwraps `{ code: 0, data }`: POST with a JSON body, or for a
 * public market read GET with query parameters and If-None-Match; a 304 answers the data already held for that
 * URL (the same object, so nothing downstream sees a change).
 */
export function createTransport(deps: TransportDeps): Post {
  const held = new Map<string, { readonly etag: string; readonly data: unknown }>();
  const hold = (url: string, etag: string | null, data: unknown): void => {
    held.delete(url);
    if (etag === null) return;
    held.set(url, { etag, data });
    for (const oldest of held.keys()) {
      if (held.size <= HELD_ANSWERS) break;
      held.delete(oldest);
    }
  };
  return async (path, body, signal, options) => {
    const session = deps.session();
    const base = `${session.apiBase.replace(/\/$/, '')}/${path}`;
    const read = isMarketRead(path);
    const query = read ? queryOf(body) : '';
    const url = read && query !== '' ? `${base}?${query}` : base;
    const mine = read ? held.get(url) : undefined;
    const sentAt = deps.now();
    let response: Response;
    try {
      response = await deps.fetch(
        url,
        read
          ? { method: 'GET', headers: { 'Accept-Language': session.lang, ...(mine ? { 'If-None-Match': mine.etag } : {}) }, signal }
          : {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                Authorization: session.token ?? '',
                'Accept-Language': session.lang,
                ...(options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
              },
              body: JSON.stringify(body),
              signal,
            },
      );
    } catch (error) {
      if (signal.aborted) throw error;
      throw new RequestError(0, 'error.network');
    }
    const receivedAt = deps.now();
    if (response.status === 304 && mine) {
      // Nothing new. The server's clock at the end of its work is still a sample.
      const at = Number(response.headers.get('x-server-time'));
      if (Number.isFinite(at) && at > 0) deps.onSample(clockSample(sentAt, receivedAt, { at, workedMs: 0 }));
      hold(url, mine.etag, mine.data);
      return mine.data as Res<typeof path>;
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.status === 401) {
      deps.onUnauthorized(session.token);
      throw new RequestError(401, 'error.unauthorized');
    }
    if (!response.ok || typeof json !== 'object' || json === null || (json as { code?: unknown }).code !== 0) {
      throw new RequestError(response.status, errorKeyOf(json), fieldsOf(json));
    }
    const data = (json as { data: Res<typeof path> }).data;
    if (read) hold(url, response.headers.get('etag'), data);
    const server = serverTimeOf(data, response);
    // An answer older than this request (a public market read computed earlier in its second, for someone
    // else) does not say what the server's clock read during this round trip: no sample.
    if (server !== null && server.workedMs <= receivedAt - sentAt) deps.onSample(clockSample(sentAt, receivedAt, server));
    return data;
  };
}

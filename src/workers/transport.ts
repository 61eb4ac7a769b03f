import type { ApiPath, Envelope, Req, Res } from '../contract/api.ts';
import { createHttpClient, type CallOptions } from '../http/client.ts';
import type { ApiFailure } from '../http/failure.ts';
import type { ClockSample } from '../streams/inputs.ts';
import type { Session } from './messages.ts';

export interface TransportDeps {
  readonly fetch: typeof fetch;
  readonly session: () => Session;
  /** The client clock the samples are taken on (the scheduler's now, so countdowns share it). */
  readonly now: () => number;
  /** Every answer that carries the server's time becomes one clock sample. */
  readonly onSample: (sample: ClockSample) => void;
  /** The server answered 401 to a request sent with `sentWith` (null: sent without a token), for `failure`'s reason. */
  readonly onUnauthorized: (sentWith: string | null, failure: ApiFailure) => void;
}

/** A money path's Idempotency-Key: the same key for a retry of the same submission. */
export interface PostOptions {
  readonly idempotencyKey?: string;
}

export type Post = <P extends ApiPath>(path: P, body: Req<P>, signal: AbortSignal, options?: PostOptions) => Promise<Res<P>>;

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
 * The worker's calls: the one HTTP client with the session's headers, public market reads as conditional GETs
 * (a 304 answers the data already held for that URL: the same object, so nothing downstream sees a change), and
 * every answer that carries the server's time taken as one clock sample.
 */
export function createTransport(deps: TransportDeps): Post {
  const client = createHttpClient({
    fetch: deps.fetch,
    base: () => deps.session().apiBase,
    token: () => deps.session().token,
    lang: () => deps.session().lang,
    conditionalMarketReads: true,
    onUnauthorized: deps.onUnauthorized,
    now: deps.now,
    onAnswer: ({ response, data, notModified, sentAt, receivedAt }) => {
      if (notModified) {
        // Nothing new. The server's clock at the end of its work is still a sample.
        const at = Number(response.headers.get('x-server-time'));
        if (Number.isFinite(at) && at > 0) deps.onSample(clockSample(sentAt, receivedAt, { at, workedMs: 0 }));
        return;
      }
      const server = serverTimeOf(data, response);
      // An answer older than this request (a public market read computed earlier in its second, for someone
      // else) does not say what the server's clock read during this round trip: no sample.
      if (server !== null && server.workedMs <= receivedAt - sentAt) deps.onSample(clockSample(sentAt, receivedAt, server));
    },
  });
  return async (path, body, signal, options) => {
    const call = client.call as <P extends ApiPath>(path: P, body: Req<P>, options: CallOptions) => Promise<Envelope<Res<P>>>;
    const answer = await call(path, body, { signal, ...(options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) });
    return answer.data;
  };
}

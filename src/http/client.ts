import type { ApiPath, Envelope, Req, Res } from '../contract/api.ts';
import { answerFailure, networkFailure, timeoutFailure, type ApiFailure } from './failure.ts';
import { isAuthInBodyPath, isGetPath, isIdempotentPath, isMarketRead } from './paths.ts';

/** An answer the page obtained before the client existed (one call's part of the boot script's common/batch): whether it succeeded, and its JSON body. */
export interface EarlyResponse {
  readonly ok: boolean;
  json(): Promise<unknown>;
}

/** What a call sends, as the boot script's early calls are keyed (`body`: the JSON payload, `{}` when none). */
export interface SentRequest {
  readonly path: ApiPath;
  readonly token: string;
  readonly lang: string;
  readonly body: string;
}

/** An answer as it arrived, for what the caller learns from its headers (the worker's clock samples). */
export interface Answered {
  readonly response: Response;
  /** The answer's `data`; for a 304, the data already held for that URL. */
  readonly data: unknown;
  readonly notModified: boolean;
  /** `now()` when the request was sent and when its answer's headers arrived. */
  readonly sentAt: number;
  readonly receivedAt: number;
}

export interface HttpClientOptions {
  readonly fetch: typeof fetch;
  /** The API base (`/api`, or absolute in the worker), read on every call. */
  readonly base: () => string;
  /** The access token, read on every call (null: signed out). */
  readonly token: () => string | null;
  /** The language code sent as Accept-Language, read on every call. */
  readonly lang: () => string;
  /** A call with no answer by then fails with error.timeout. Default: none (the caller's signal decides). */
  readonly timeoutMs?: number;
  /**
   * The contract's public market reads go as GET with query parameters, without the member's token (the answer
   * is everyone's, so a shared cache may keep it), and with the tag of the answer already held for that URL: a
   * 304 answers that same data object. Otherwise they are POSTs like any other path.
   */
  readonly conditionalMarketReads?: boolean;
  /**
   * The server answered 401 to a request sent with `sentWith` (null: sent without a token), the token the client
   * still holds; `failure` says why (error.session_idle: unused too long; otherwise no such session).
   */
  readonly onUnauthorized: (sentWith: string | null, failure: ApiFailure) => void;
  /** An answer obtained before the client existed for exactly this request, or null (the page's early calls). */
  readonly early?: (request: SentRequest) => Promise<EarlyResponse> | null;
  /** The JSON body of such an answer if it has already come, without taking it (null: none yet). */
  readonly earlyBody?: (request: SentRequest) => unknown;
  /** The clock `Answered` times are read on. Default `performance.now`. */
  readonly now?: () => number;
  readonly onAnswer?: (answer: Answered) => void;
}

export interface CallOptions {
  /** A money path's key: the same one for a retry of the same submission (a new one when absent). */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
}

/** Paths whose request has no required field may be called without a body. */
export type CallArgs<P extends ApiPath> = Record<string, never> extends Req<P> ? [body?: Req<P>, options?: CallOptions] : [body: Req<P>, options?: CallOptions];

export interface HttpClient {
  /** Resolves with the `{ code: 0, msg: '', data }` envelope; rejects with an ApiFailure (or the caller's abort). */
  call<P extends ApiPath>(path: P, ...args: CallArgs<P>): Promise<Envelope<Res<P>>>;
  /**
   * What `call` with these arguments would resolve with at once: an early answer that has already come, or null.
   * Nothing is sent or taken, and the call that follows resolves with this same object, so a screen can render the
   * answer in its first render and then take the call's as no change.
   */
  peek<P extends ApiPath>(path: P, ...args: CallArgs<P>): Envelope<Res<P>> | null;
}

type Json = Record<string, unknown>;

/** Held answers by URL, for 304s: a few products × intervals and cursors; the oldest goes first. */
const HELD_ANSWERS = 64;

/** The body as query parameters, in a stable order (one URL per question, for every cache on the way). */
export function queryOf(body: object): string {
  const pairs = Object.entries(body)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]): [string, string] => [k, String(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(pairs).toString();
}

const envelope = <T>(data: T): Envelope<T> => ({ code: 0, msg: '', data });
const isSuccess = (json: unknown): json is Envelope<unknown> => typeof json === 'object' && json !== null && (json as { code?: unknown }).code === 0;

/**
 * The one HTTP client of the page and the worker, typed from the contract: a JSON POST, or GET with query
 * parameters for the contract's GETs, with the session's headers (the token moved out of the body for the paths
 * that carry it there, an Idempotency-Key on every money path). Every failure, an error body or an HTTP status,
 * no answer or no answer in time, rejects with one ApiFailure.
 */
export function createHttpClient(o: HttpClientOptions): HttpClient {
  const now = o.now ?? (() => performance.now());
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

  /** The body as sent and the token it is sent with (the paths that carry it in the body move it to the header). */
  function outgoing(path: ApiPath, body: unknown): { readonly payload: Json; readonly sentWith: string | null } {
    const payload: Json = { ...(body as Json | undefined) };
    if (!isAuthInBodyPath(path)) return { payload, sentWith: o.token() };
    const moved = payload['Authorization'];
    return { payload: { ...payload, Authorization: '' }, sentWith: typeof moved === 'string' && moved !== '' ? moved : o.token() };
  }

  function peek<P extends ApiPath>(path: P, ...[body, options]: CallArgs<P>): Envelope<Res<P>> | null {
    if (options !== undefined || !o.earlyBody) return null;
    const { payload, sentWith } = outgoing(path, body);
    const json = o.earlyBody({ path, token: sentWith ?? '', lang: o.lang(), body: JSON.stringify(payload) });
    return isSuccess(json) ? (json as Envelope<Res<P>>) : null;
  }

  async function call<P extends ApiPath>(path: P, ...[body, options]: CallArgs<P>): Promise<Envelope<Res<P>>> {
    const lang = o.lang();
    const headers: Record<string, string> = { 'Accept-Language': lang };
    const { payload, sentWith } = outgoing(path, body);
    if (isIdempotentPath(path)) headers['Idempotency-Key'] = options?.idempotencyKey ?? crypto.randomUUID();

    const early = options === undefined ? await takeEarly<P>(o, { path, token: sentWith ?? '', lang, body: JSON.stringify(payload) }) : null;
    if (early) return early;

    const marketRead = o.conditionalMarketReads === true && isMarketRead(path);
    const asGet = marketRead || isGetPath(path);
    const base = `${o.base().replace(/\/$/, '')}/${path}`;
    const query = asGet ? queryOf(payload) : '';
    const url = query === '' ? base : `${base}?${query}`;
    const mine = marketRead ? held.get(url) : undefined;
    if (mine) headers['If-None-Match'] = mine.etag;
    if (!marketRead) headers['Authorization'] = sentWith ?? '';
    const init: RequestInit = asGet ? { method: 'GET', headers } : { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(payload) };

    const signal = options?.signal;
    const sentAt = now();
    const response = await send(o, url, init, signal);
    const receivedAt = now();
    if (response.status === 304 && mine) {
      hold(url, mine.etag, mine.data);
      o.onAnswer?.({ response, data: mine.data, notModified: true, sentAt, receivedAt });
      return envelope(mine.data as Res<P>);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok || !isSuccess(json)) {
      const failure = answerFailure(response.status, json);
      // A call sent before a logout or a new login answers for a session that is already gone: it must not end
      // the one the member has now.
      if (response.status === 401 && sentWith === o.token()) o.onUnauthorized(sentWith, failure);
      throw failure;
    }
    if (marketRead) hold(url, response.headers.get('etag'), json.data);
    o.onAnswer?.({ response, data: json.data, notModified: false, sentAt, receivedAt });
    return json as Envelope<Res<P>>;
  }

  return { call, peek };
}

/** fetch, with the client's deadline: the caller's abort rejects as the abort, anything else as an ApiFailure. */
async function send(o: HttpClientOptions, url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  const deadline = o.timeoutMs;
  if (deadline === undefined) {
    try {
      return await o.fetch(url, signal ? { ...init, signal } : init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw networkFailure;
    }
  }
  const controller = new AbortController();
  const stop = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', stop);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(timeoutFailure);
    }, deadline);
  });
  try {
    // A fetch that does not heed the abort still loses the race.
    return await Promise.race([o.fetch(url, { ...init, signal: controller.signal }), late]);
  } catch (error) {
    if (error === timeoutFailure || signal?.aborted) throw error;
    throw networkFailure;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** The early answer to this very call, when it is a good one (anything else is asked again). */
async function takeEarly<P extends ApiPath>(o: HttpClientOptions, request: SentRequest): Promise<Envelope<Res<P>> | null> {
  const answer = o.early?.(request);
  if (!answer) return null;
  try {
    const response = await answer;
    if (!response.ok) return null;
    const json: unknown = await response.json();
    return isSuccess(json) ? (json as Envelope<Res<P>>) : null;
  } catch {
    return null;
  }
}

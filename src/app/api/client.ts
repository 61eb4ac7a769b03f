import ky, { type Options } from 'ky';
import type { ApiPath, Envelope, Req, Res } from '../../contract/api.ts';
import { takeEarlyAnswer } from './earlyAnswers.ts';
import { toFailure } from './failure.ts';
import { isAuthInBodyPath, isGetPath, isIdempotentPath } from './paths.ts';

export interface ApiClientOptions {
  readonly base: string;
  readonly timeout: number;
  /** Injected in tests to capture requests; the browser's fetch otherwise. */
  readonly fetch?: typeof fetch;
  /** The stored access token, read on every call. */
  readonly token: () => string | null;
  /** The stored language code, read on every call. */
  readonly lang: () => string;
  /** A 401 answer: the app clears the session and goes to /login. */
  readonly onUnauthorized: () => void;
}

export interface CallOptions {
  /** Reuse the key of an earlier attempt of the same submission (see submissionKey.ts). */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
}

/** Paths whose request has no required field may be called without a body. */
export type CallArgs<P extends ApiPath> = Record<string, never> extends Req<P> ? [body?: Req<P>, options?: CallOptions] : [body: Req<P>, options?: CallOptions];

export interface ApiClient {
  /** Resolves with the `{ code, msg, data }` envelope; rejects with an ApiFailure. */
  call<P extends ApiPath>(path: P, ...args: CallArgs<P>): Promise<Envelope<Res<P>>>;
}

type Json = Record<string, unknown>;

function toSearchParams(body: Json): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

export function createApiClient(o: ApiClientOptions): ApiClient {
  const injected = o.fetch;
  const http = ky.create({
    prefixUrl: o.base,
    timeout: o.timeout,
    // A money call must never be sent twice behind the member's back; retrying is the screen's choice.
    retry: 0,
    ...(injected ? { fetch: (input: RequestInfo | URL, init?: RequestInit) => injected(input, init) } : {}),
  });

  async function call<P extends ApiPath>(path: P, ...[body, options]: CallArgs<P>): Promise<Envelope<Res<P>>> {
    const headers: Record<string, string> = { 'Accept-Language': o.lang(), Authorization: o.token() ?? '' };
    let payload: Json = { ...(body as Json | undefined) };
    if (isAuthInBodyPath(path)) {
      const moved = payload['Authorization'];
      if (typeof moved === 'string' && moved !== '') headers['Authorization'] = moved;
      payload = { ...payload, Authorization: '' };
    }
    if (isIdempotentPath(path)) headers['Idempotency-Key'] = options?.idempotencyKey ?? crypto.randomUUID();
    const early = options ? null : await takeEarly<P>(path, headers, payload);
    if (early) return early;
    const init: Options = { headers, ...(options?.signal ? { signal: options.signal } : {}) };
    try {
      const response = isGetPath(path)
        ? await http.get(path, { ...init, searchParams: toSearchParams(payload) })
        : await http.post(path, { ...init, json: payload });
      return await response.json<Envelope<Res<P>>>();
    } catch (error) {
      const { failure, status } = await toFailure(error);
      if (status === 401) o.onUnauthorized();
      throw failure;
    }
  }

  return { call };
}

/** The boot script's answer to this very call, when it has a good one (anything else is asked again). */
async function takeEarly<P extends ApiPath>(path: P, headers: Record<string, string>, payload: Json): Promise<Envelope<Res<P>> | null> {
  const answer = takeEarlyAnswer({ path, token: headers['Authorization'] ?? '', lang: headers['Accept-Language'] ?? '', body: JSON.stringify(payload) });
  if (!answer) return null;
  try {
    const response = await answer;
    return response.ok ? ((await response.json()) as Envelope<Res<P>>) : null;
  } catch {
    return null;
  }
}

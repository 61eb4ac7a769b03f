import type { ApiPath, Req, Res } from '../contract/api.ts';
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

/** POSTs `{ ...body }` to `<apiBase>/<path>` with the session's headers and unwraps `{ code: 0, data }`. */
export function createTransport(deps: TransportDeps): Post {
  return async (path, body, signal, options) => {
    const session = deps.session();
    const sentAt = deps.now();
    let response: Response;
    try {
      response = await deps.fetch(`${session.apiBase.replace(/\/$/, '')}/${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: session.token ?? '',
          'Accept-Language': session.lang,
          ...(options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new RequestError(0, 'error.network');
    }
    const receivedAt = deps.now();
    const json: unknown = await response.json().catch(() => null);
    if (response.status === 401) {
      deps.onUnauthorized(session.token);
      throw new RequestError(401, 'error.unauthorized');
    }
    if (!response.ok || typeof json !== 'object' || json === null || (json as { code?: unknown }).code !== 0) {
      throw new RequestError(response.status, errorKeyOf(json), fieldsOf(json));
    }
    const data = (json as { data: Res<typeof path> }).data;
    const server = serverTimeOf(data, response);
    if (server !== null) deps.onSample(clockSample(sentAt, receivedAt, server));
    return data;
  };
}

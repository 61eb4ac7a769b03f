import type { EarlyResponse } from '../../http/client.ts';

/**
 * Answers the boot script (scripts/boot-plugin.ts) asked for while the app's JavaScript was still loading, so the
 * first screen's data is not queued behind its code on a slow connection.
 */
interface EarlyCall {
  /** The token and language it was sent with: an answer for another session or language is not ours. */
  readonly token: string;
  readonly lang: string;
  /** The JSON body it was sent with (`{}` for a GET). */
  readonly body: string;
  /** performance.now() when it was sent. */
  readonly at: number;
  readonly answer: Promise<EarlyResponse>;
  /** The answer as it came (its HTTP status and JSON body), once it has; null before. */
  readonly settled: { readonly status: number; readonly body: unknown } | null;
}

declare global {
  interface Window {
    __candlewickEarly?: Record<string, EarlyCall | undefined>;
  }
}

/** Older than this, an early answer is no longer what the member would see now: it is asked again. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/** What a call would send: an early answer is used only for exactly the same request. */
export interface EarlyKey {
  readonly path: string;
  readonly token: string;
  readonly lang: string;
  /** JSON.stringify of the payload (`{}` when there is none). */
  readonly body: string;
}

const earlyCalls = (): Window['__candlewickEarly'] => (typeof window === 'undefined' ? undefined : window.__candlewickEarly);

/** The call if it was this very request: sent with this session, language and body, and not too old. */
function forThisRequest(call: EarlyCall | undefined, { token, lang, body }: EarlyKey, now: number): EarlyCall | null {
  if (!call || call.token !== token || call.lang !== lang || call.body !== body || now - call.at > EARLY_ANSWER_MAX_AGE_MS) return null;
  return call;
}

/**
 * The early answer for this very request, once: a second call asks the server. Null when there is none, it was
 * sent with another session, language or body, or it is too old.
 */
export function takeEarlyAnswer(key: EarlyKey, now: number = performance.now()): Promise<EarlyResponse> | null {
  const early = earlyCalls();
  const call = early?.[key.path];
  if (early) early[key.path] = undefined;
  return forThisRequest(call, key, now)?.answer ?? null;
}

/**
 * The JSON body of the early answer for this very request, if it has already come and succeeded; null otherwise.
 * Not taken: the call that follows takes it and resolves with this same body object.
 */
export function peekEarlyAnswer(key: EarlyKey, now: number = performance.now()): unknown {
  const settled = forThisRequest(earlyCalls()?.[key.path], key, now)?.settled;
  return settled && settled.status >= 200 && settled.status < 300 ? settled.body : null;
}

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

/**
 * The early answer for this very request, once: a second call asks the server. Null when there is none, it was
 * sent with another session, language or body, or it is too old.
 */
export function takeEarlyAnswer({ path, token, lang, body }: EarlyKey, now: number = performance.now()): Promise<EarlyResponse> | null {
  const early = typeof window === 'undefined' ? undefined : window.__candlewickEarly;
  const call = early?.[path];
  if (!early || !call) return null;
  early[path] = undefined;
  if (call.token !== token || call.lang !== lang || call.body !== body || now - call.at > EARLY_ANSWER_MAX_AGE_MS) return null;
  return call.answer;
}

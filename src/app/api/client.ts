import type { ErrorKey } from '../../contract/errors.ts';
import { createHttpClient, type HttpClient } from '../../http/client.ts';
import { isIdempotentPath } from '../../http/paths.ts';
import { peekEarlyAnswer, takeEarlyAnswer } from './earlyAnswers.ts';

export interface ApiClientOptions {
  readonly base: string;
  readonly timeout: number;
  /** Injected in tests to capture requests; the browser's fetch otherwise. */
  readonly fetch?: typeof fetch;
  /** The stored access token, read on every call. */
  readonly token: () => string | null;
  /** The stored language code, read on every call. */
  readonly lang: () => string;
  /** A 401 answer, and its reason (error.session_idle, or error.unauthorized): the app clears the session and goes to /login. */
  readonly onUnauthorized: (reason: ErrorKey) => void;
}

/** The page's client: the one HTTP client (src/http/client.ts), taking the boot script's early answers first. */
export interface ApiClient extends HttpClient {
  /**
   * Calls `listener` after every money path the page called has answered with success (a deposit, a withdrawal,
   * a refund request, an earn buy or redemption): the balances moved. Returns the unsubscribe.
   */
  onMoneyMoved(listener: () => void): () => void;
}

export function createApiClient(o: ApiClientOptions): ApiClient {
  const injected = o.fetch;
  const listeners = new Set<() => void>();
  const http = createHttpClient({
    // Read when called, so a test's stubbed global fetch is the one used.
    fetch: injected ?? ((input, init) => fetch(input, init)),
    base: () => o.base,
    timeoutMs: o.timeout,
    token: o.token,
    lang: o.lang,
    onUnauthorized: (_sentWith, failure) => o.onUnauthorized(failure.msg),
    early: takeEarlyAnswer,
    earlyBody: peekEarlyAnswer,
  });
  return {
    call: async (path, ...args) => {
      const answer = await http.call(path, ...args);
      if (isIdempotentPath(path)) for (const listener of listeners) listener();
      return answer;
    },
    peek: http.peek,
    onMoneyMoved(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

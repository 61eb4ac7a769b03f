import { randomUUID } from 'node:crypto';
import { redactText } from '../log.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by observeRequests for every request of the public listener; absent when the API runs alone (tests). */
    requestId?: string;
  }
}

const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the client's (or the proxy's) X-Request-Id when it is a short plain token, else a new UUID.
 * A given id that the log's redaction would mask (a long token-like run, digits like a card number) is replaced
 * too: it could be a secret, and an id that the log cannot show correlates nothing.
 */
export function requestIdOf(given: string | undefined): string {
  if (given !== undefined && SANE_ID.test(given) && redactText(given) === given) return given;
  return randomUUID();
}

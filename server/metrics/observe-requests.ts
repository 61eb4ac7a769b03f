import { performance } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { logChecked } from '../log.ts';
import type { Metrics } from './metrics.ts';
import { requestIdOf } from './request-id.ts';
import { methodLabel, routeLabel } from './route-label.ts';

export interface ObserveOptions {
  /** One JSON line per request on stdout (ACCESS_LOG). */
  readonly accessLog: boolean;
  /** Names this process in each line (INSTANCE_ID). */
  readonly instance: string;
}

/** The Node response under a request served by @hono/node-server (absent under app.request()). */
interface NodeBindings {
  readonly outgoing?: { once(event: 'close', listener: () => void): unknown };
}

interface Seen {
  readonly id: string;
  readonly method: string;
  readonly route: string;
  readonly status: number;
}

function writeAccessLine(seen: Seen, ms: number, length: string | null, instance: string): void {
  const bytes = length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
  logChecked('request', { ...seen, ms: Math.round(ms * 10) / 10, ...(bytes === undefined ? {} : { bytes }), instance });
}

/**
 * The outermost middleware of the public listener: gives each request its id (X-Request-Id, echoed), counts it
 * in http_requests_total and http_request_duration_seconds (time to the answer's headers), and writes its
 * access-log line once the answer has gone out (so a stream's line has its whole life). `bytes` is the answer's
 * Content-Length where it declares one (market reads, compressed answers, files); a plain c.json answer has its
 * length set by the Node adapter after this, out of sight. The line holds the route pattern, never the URL (no
 * query string, no ids), and nothing of the member's: no address, no token, no username, no body.
 */
export function observeRequests(metrics: Metrics, options: ObserveOptions): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c.req.header('x-request-id'));
    // The error log names it too, so a member's "something went wrong" is found from the id their answer carried.
    c.set('requestId', id);
    try {
      await next();
    } finally {
      // A handler's error has become its answer by now (app.ts onError): c.res is what goes out.
      const ms = performance.now() - started;
      const status = c.res.status;
      const seen: Seen = { id, method: methodLabel(c.req.method), route: routeLabel(c, status), status };
      metrics.requests.observe(seen.route, seen.method, status, ms / 1000);
      c.res.headers.set('X-Request-Id', id);
      if (options.accessLog) {
        const length = c.res.headers.get('content-length');
        const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
        if (outgoing) outgoing.once('close', () => writeAccessLine(seen, performance.now() - started, length, options.instance));
        else writeAccessLine(seen, ms, length, options.instance);
      }
    }
  };
}

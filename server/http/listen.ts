import { readFileSync } from 'node:fs';
import { createSecureServer, type Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import { serve, type HttpBindings, type ServerType } from '@hono/node-server';
import type { Config } from '../config.ts';

/**
 * How long an idle HTTP/1.1 keep-alive connection stays open. Node's 5 s default races a client that reuses the
 * connection just as the server closes it (the request fails with a reset); a phone on a slow network also pays a
 * new handshake after every pause of a few seconds. A minute outlasts the gaps between a member's calls, and stays
 * above the idle timeout of the usual proxies in front (60 s), so it is they that close first.
 */
export const KEEP_ALIVE_MS = 65_000;

/** While closing, idle connections are closed this often; after SHUTDOWN_GRACE_MS, every connection, busy or not
 *  (a request that hangs must not hold a restart). */
const CLOSE_SWEEP_MS = 50;

export interface Listening {
  readonly server: ServerType;
  readonly url: string;
  /**
   * Stops listening and ends open connections (an HTTP/2 session a browser keeps would hold close() forever):
   * idle ones at once, busy ones once answered, any still busy after SHUTDOWN_GRACE_MS cut.
   */
  close(): Promise<void>;
}

/**
 * Listens on HOST:PORT: with TLS_CERT_FILE and TLS_KEY_FILE, HTTPS with HTTP/2 (and HTTP/1.1 for a client that
 * offers only that, e.g. curl --http1.1 or an old proxy); otherwise plain HTTP/1.1.
 */
export function listen(fetch: (request: Request, env: unknown) => Response | Promise<Response>, config: Config): Promise<Listening> {
  const tls = config.TLS_CERT_FILE !== undefined && config.TLS_KEY_FILE !== undefined;
  let closing = false;
  /** Requests that arrived on each HTTP/1.1 connection so far. */
  const arrived = new WeakMap<Socket, number>();
  /**
   * While closing, a request that still arrives on an open HTTP/1.1 connection is answered, and the answer to the
   * newest request on it says `Connection: close`, so the client opens its next one elsewhere instead of finding
   * this one gone. Not an earlier one: answers go out in order, and a request pipelined behind would be dropped.
   */
  const answer = async (request: Request, env: unknown): Promise<Response> => {
    const { incoming } = env as HttpBindings;
    const socket = incoming.httpVersionMajor === 1 ? incoming.socket : undefined;
    const mine = socket ? (arrived.get(socket) ?? 0) + 1 : 0;
    if (socket) arrived.set(socket, mine);
    const res = await fetch(request, env);
    return closing && socket && arrived.get(socket) === mine ? lastOnConnection(res) : res;
  };
  const options = { fetch: answer, port: config.PORT, hostname: config.HOST };
  return new Promise((ok) => {
    const done = (server: ServerType) => {
      if ('keepAliveTimeout' in server) {
        server.keepAliveTimeout = KEEP_ALIVE_MS;
        // Must exceed keepAliveTimeout, or a request on a reused connection can be cut off while its headers arrive.
        server.headersTimeout = KEEP_ALIVE_MS + 1_000;
      }
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
      const sessions = new Set<Http2Session>();
      server.on('session', (session: Http2Session) => {
        sessions.add(session);
        session.on('close', () => sessions.delete(session));
      });
      const close = () =>
        new Promise<void>((closed) => {
          closing = true;
          let sweep: NodeJS.Timeout | undefined;
          let cutOff: NodeJS.Timeout | undefined;
          server.close(() => {
            clearInterval(sweep);
            clearTimeout(cutOff);
            closed();
          });
          for (const session of sessions) session.close();
          if ('closeIdleConnections' in server) {
            // A keep-alive connection whose answer ends after this (a stream, a slow request) goes as soon as it
            // is idle, not a keep-alive timeout later; one still busy after the grace period is cut.
            server.closeIdleConnections();
            sweep = setInterval(() => server.closeIdleConnections(), CLOSE_SWEEP_MS);
            cutOff = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
          }
        });
      ok({ server, url: `${tls ? 'https' : 'http'}://localhost:${port}/`, close });
    };
    if (!tls) {
      const server = serve(options, () => done(server));
      return;
    }
    const serverOptions = { cert: readFileSync(config.TLS_CERT_FILE ?? ''), key: readFileSync(config.TLS_KEY_FILE ?? ''), allowHTTP1: true };
    const server = serve({ ...options, createServer: createSecureServer, serverOptions }, () => done(server));
  });
}

function lastOnConnection(res: Response): Response {
  try {
    res.headers.set('Connection', 'close');
    return res;
  } catch {
    // Headers of a Response made by fetch() are immutable: a copy carries the same body.
    const copy = new Response(res.body, res);
    copy.headers.set('Connection', 'close');
    return copy;
  }
}

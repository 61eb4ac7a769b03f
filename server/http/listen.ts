import { readFileSync } from 'node:fs';
import { createSecureServer, type Http2Session } from 'node:http2';
import { serve, type ServerType } from '@hono/node-server';
import type { Config } from '../config.ts';

/**
 * How long an idle HTTP/1.1 keep-alive connection stays open. Node's 5 s default races a client that reuses the
 * connection just as the server closes it (the request fails with a reset); a phone on a slow network also pays a
 * new handshake after every pause of a few seconds. A minute outlasts the gaps between a member's calls, and stays
 * above the idle timeout of the usual proxies in front (60 s), so it is they that close first.
 */
export const KEEP_ALIVE_MS = 65_000;

/** While closing, idle connections are closed this often... */
const CLOSE_SWEEP_MS = 50;
/** ...and after this, every connection, busy or not (a request that hangs must not hold a restart). */
const CLOSE_GRACE_MS = 10_000;

export interface Listening {
  readonly server: ServerType;
  readonly url: string;
  /** Stops listening and ends open connections (an HTTP/2 session a browser keeps would hold close() forever). */
  close(): Promise<void>;
}

/**
 * Listens on HOST:PORT: with TLS_CERT_FILE and TLS_KEY_FILE, HTTPS with HTTP/2 (and HTTP/1.1 for a client that
 * offers only that, e.g. curl --http1.1 or an old proxy); otherwise plain HTTP/1.1.
 */
export function listen(fetch: (request: Request, env: unknown) => Response | Promise<Response>, config: Config): Promise<Listening> {
  const tls = config.TLS_CERT_FILE !== undefined && config.TLS_KEY_FILE !== undefined;
  const options = { fetch, port: config.PORT, hostname: config.HOST };
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
            cutOff = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
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

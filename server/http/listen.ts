import { readFileSync } from 'node:fs';
import { createSecureServer, type Http2Session } from 'node:http2';
import { serve, type ServerType } from '@hono/node-server';
import type { Config } from '../config.ts';

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
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
      const sessions = new Set<Http2Session>();
      server.on('session', (session: Http2Session) => {
        sessions.add(session);
        session.on('close', () => sessions.delete(session));
      });
      const close = () =>
        new Promise<void>((closed) => {
          server.close(() => closed());
          for (const session of sessions) session.close();
          if ('closeIdleConnections' in server) server.closeIdleConnections();
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

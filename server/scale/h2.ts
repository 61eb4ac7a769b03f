// A small HTTP/2 client for the tests behind nginx: whole answers as bytes, and streams read as they arrive.
import { connect, type ClientHttp2Session, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';

export interface H2Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One TLS connection speaking HTTP/2 (ALPN h2), trusting `ca`; rejects if the server chose anything else. */
export function h2Session(origin: string, ca: Buffer): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = connect(origin, { ca });
    session.once('error', reject);
    session.once('connect', () => {
      session.off('error', reject);
      // A session that fails later fails its streams; the test sees those.
      session.on('error', () => undefined);
      if (session.alpnProtocol === 'h2') resolve(session);
      else reject(new Error(`ALPN chose ${String(session.alpnProtocol)}, not h2`));
    });
  });
}

export function h2Request(session: ClientHttp2Session, headers: OutgoingHttpHeaders, body?: string): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, { endStream: body === undefined });
    const chunks: Buffer[] = [];
    let head: IncomingHttpHeaders = {};
    stream.on('response', (h) => (head = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
  });
}

export const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
};

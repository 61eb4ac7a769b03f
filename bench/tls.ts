// What the benches need to measure as members get the app: over HTTPS (so HTTP/2), with a throwaway certificate,
// and the bytes that really cross the wire (TLS records, HTTP/2 frames and compressed headers included).
import { spawnSync } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

/** A self-signed certificate for 127.0.0.1, made with openssl in `dir`, as the server's TLS settings. */
export function selfSignedCertificate(dir: string): { TLS_CERT_FILE: string; TLS_KEY_FILE: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (made.status !== 0) throw new Error('openssl could not make a certificate');
  return { TLS_CERT_FILE: cert, TLS_KEY_FILE: key };
}

/** A TCP relay in front of a server that counts every byte both ways: what a metered data plan is billed. */
export interface CountingRelay {
  readonly port: number;
  /** Bytes relayed since the last reset, up and down. */
  bytes(): number;
  /** Of those, the bytes the browser sent. */
  sent(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function countingRelay(targetPort: number): Promise<CountingRelay> {
  let counted = 0;
  let up = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (chunk: Buffer) => {
      counted += chunk.length;
      up += chunk.length;
    });
    upstream.on('data', (chunk: Buffer) => (counted += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('relay: no port');
  return {
    port: address.port,
    bytes: () => counted,
    sent: () => up,
    reset: () => {
      counted = 0;
      up = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open keep-alive connections would hold close() forever.
        for (const s of sockets) s.destroy();
      }),
  };
}

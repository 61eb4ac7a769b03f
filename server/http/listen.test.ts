import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { Agent, request as httpRequest } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { KEEP_ALIVE_MS, listen, type Listening } from './listen.ts';

/** HTTPS with HTTP/2 when given a certificate: one connection for the first screen's dozen files. */
const dir = mkdtempSync(join(tmpdir(), 'candlewick-tls-'));
const cert = join(dir, 'cert.pem');
const key = join(dir, 'key.pem');
let server: Listening;
let origin: string;

beforeAll(async () => {
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
  server = await listen((req) => new Response(`${req.method} ${new URL(req.url).pathname}`), config);
  origin = server.url.replace('localhost', '127.0.0.1').replace(/\/$/, '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function h2Get(session: ClientHttp2Session, path: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const stream = session.request({ ':path': path });
    let status = 0;
    let body = '';
    stream.on('response', (headers) => (status = Number(headers[':status'])));
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => ok({ status, body }));
    stream.on('error', fail);
  });
}

describe('listen with TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('answers over HTTP/2, several requests on one connection', async () => {
    expect(server.url).toMatch(/^https:\/\/localhost:\d+\/$/);
    const session = connect(origin, { ca: readFileSync(cert) });
    const alpn = await new Promise<string | false | undefined>((ok, fail) => {
      session.once('connect', () => ok(session.alpnProtocol));
      session.once('error', fail);
    });
    expect(alpn).toBe('h2');
    const answers = await Promise.all(['/a', '/b', '/api/c'].map((p) => h2Get(session, p)));
    expect(answers).toEqual([
      { status: 200, body: 'GET /a' },
      { status: 200, body: 'GET /b' },
      { status: 200, body: 'GET /api/c' },
    ]);
    session.close();
  });

  it('still answers a client that speaks only HTTP/1.1', async () => {
    const answer = await new Promise<{ status: number; body: string; version: string }>((ok, fail) => {
      // node:https offers no ALPN at all: the server falls back to HTTP/1.1, as for an old client or proxy.
      const req = request(`${origin}/old`, { ca: readFileSync(cert) }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => ok({ status: res.statusCode ?? 0, body, version: res.httpVersion }));
      });
      req.on('error', fail);
      req.end();
    });
    expect(answer).toEqual({ status: 200, body: 'GET /old', version: '1.1' });
  });

  it('stops even while a browser keeps its HTTP/2 session open', async () => {
    const session = connect(origin, { ca: readFileSync(cert) });
    await h2Get(session, '/kept');
    const closed = new Promise<void>((ok) => session.on('close', () => ok()));
    await server.close();
    await closed;
    expect(session.closed || session.destroyed).toBe(true);
  });
});

describe('TLS configuration', () => {
  it('refuses a certificate without its key, or a key without its certificate', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: cert })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE: set both/);
    expect(() => loadConfig({ TLS_KEY_FILE: key })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE: set both/);
  });
});

describe('listen without TLS (plain HTTP/1.1)', () => {
  it('keeps an idle keep-alive connection for a minute, so a client reusing it after a pause is not reset', async () => {
    const plain = await listen(() => new Response('ok'), loadConfig({ PORT: '0', HOST: '127.0.0.1' }));
    try {
      const url = plain.url.replace('localhost', '127.0.0.1');
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const sockets = new Set<unknown>();
      for (let i = 0; i < 2; i++) {
        await new Promise<void>((ok, fail) => {
          const req = httpRequest(url, { agent }, (res) => {
            sockets.add(res.socket);
            res.resume();
            res.on('end', () => ok());
          });
          req.on('error', fail);
          req.end();
        });
      }
      agent.destroy();
      expect(sockets.size).toBe(1);
      expect('keepAliveTimeout' in plain.server && plain.server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
      expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
      expect('headersTimeout' in plain.server && plain.server.headersTimeout).toBeGreaterThan(KEEP_ALIVE_MS);
    } finally {
      await plain.close();
    }
  });
});

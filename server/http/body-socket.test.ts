// Bodies read from the Node request itself (served over a socket, as in production), not through a web Request:
// the same answers and the same caps as app.request() gives the other tests.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { bodyCapFor } from './body.ts';
import { listen, type Listening } from './listen.ts';
import { useTestServer } from '../testing/harness.ts';

const s = useTestServer();
let server: Listening;
let origin: string;

beforeAll(async () => {
  server = await listen(s.app.fetch, loadConfig({ PORT: '0', HOST: '127.0.0.1' }));
  origin = server.url.replace('localhost', '127.0.0.1').replace(/\/$/, '');
});
afterAll(async () => server.close());

/** POSTs `chunks` one write each (chunked unless `length` is declared); a reset connection answers status 0. */
function post(path: string, chunks: readonly string[], headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(`${origin}/api/${path}`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ status: 0, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('request bodies over a socket', () => {
  it('reads a body in pieces, and answers as app.request() does', async () => {
    const m = await s.member();
    const res = await post('user/details', ['{', '}'], { authorization: m.token });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ code: 0 });
    expect((await post('user/login', ['{"username":', '5}'])).body).toContain('error.');
    expect(JSON.parse((await post('user/login', ['{"x":'])).body)).toMatchObject({ msg: 'error.bad_json' });
  });

  it('refuses a declared size over the cap unread, and cuts a chunked body at the cap', async () => {
    const cap = bodyCapFor('user/login');
    const declared = await post('user/login', ['{}'], { 'content-length': String(cap + 1) });
    expect([declared.status, JSON.parse(declared.body || '{}').msg]).toEqual([413, 'error.payload_too_large']);
    const big = await post('user/login', Array.from({ length: 8 }, () => ' '.repeat(cap / 4)));
    // The 413, or a reset if the request is cut while the client still writes: never a read to the end.
    expect([0, 413]).toContain(big.status);
    expect((await post('user/details', ['{}'])).status).toBe(401);
  });
});

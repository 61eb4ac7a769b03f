import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness.ts';
import { operatorEndpoint } from './endpoint.ts';

const s = useTestServer();

/** The endpoint as @hono/node-server hands it a request: the socket's peer address in env.incoming. */
function endpoint() {
  const root = new Hono();
  const { secret } = operatorEndpoint(root, s.deps);
  const ask = (remoteAddress: string | undefined, headers: Record<string, string> = {}, given = secret) =>
    root.request(
      '/internal/operator',
      { method: 'POST', headers: { 'content-type': 'application/json', 'x-operator-secret': given, ...headers }, body: JSON.stringify({ name: 'pending', args: [] }) },
      { incoming: { socket: remoteAddress === undefined ? {} : { remoteAddress } } },
    );
  return { ask };
}

describe('the operator endpoint', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('runs a command for a caller on loopback (%s) with the secret', async (peer) => {
    const res = await endpoint().ask(peer);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });

  it('refuses the wrong secret from loopback', async () => {
    expect((await endpoint().ask('127.0.0.1', {}, 'guess')).status).toBe(403);
  });

  it.each(['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1'])('is absent (404) for a caller elsewhere (%s), even with the secret', async (peer) => {
    const res = await endpoint().ask(peer);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('forbidden');
  });

  it('believes the socket, not X-Forwarded-For; and a request through a proxy on this machine is absent too', async () => {
    expect((await endpoint().ask('10.0.0.5', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(404);
    expect((await endpoint().ask('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await endpoint().ask('127.0.0.1', { forwarded: 'for=203.0.113.9' })).status).toBe(404);
    expect((await endpoint().ask('127.0.0.1', { 'x-real-ip': '203.0.113.9' })).status).toBe(404);
  });

  it('is absent when the peer is unknown', async () => {
    expect((await endpoint().ask(undefined)).status).toBe(404);
  });
});

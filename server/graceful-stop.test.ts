// The graceful stop of a real server process on the embedded database (PGlite, one process), as `npm start` runs it:
// SIGTERM, then /readyz says "draining", a request in flight and one that arrives on its open connection are both
// answered, an idle connection is closed cleanly, the live stream ends, no new connection is taken, and the process
// exits 0. The PostgreSQL side (two instances, the leader's locks handed over) is server/scale/graceful-stop.test.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Instances, operator, type Instance } from './scale/instances.ts';
import { get, heldPost, RawConnection } from './testing/raw-http.ts';

let instances: Instances;
let server: Instance;

beforeAll(async () => {
  instances = new Instances('');
  // No feed: nothing here needs the market, and a first start on PGlite would backfill it.
  server = await instances.start('cw-pglite', { env: { MARKET_FEED: 'false', SHUTDOWN_GRACE_MS: '20000' } });
}, 60_000);

afterAll(async () => {
  await instances.stopAll();
}, 30_000);

const saw = (line: RegExp) => vi.waitFor(() => expect(server.output.some((l) => line.test(l))).toBe(true), { timeout: 10_000, interval: 5 });

describe('a server on PGlite', () => {
  it('answers /healthz and /readyz over its socket', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await fetch(`${server.base}${path}`);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, 'no-store']);
      expect(await res.json()).toEqual({ status: 'ok' });
    }
  });

  it('runs the operator tool over loopback (PGlite allows one process, so the server runs the command)', async () => {
    const run = await operator('', ['pending'], { DATA_DIR: server.dataDir });
    expect(run.code, run.stderr).toBe(0);
  }, 30_000);

  it('drains on SIGTERM: answers what it holds, ends its streams and idle connections, and exits 0', async () => {
    // An idle keep-alive connection, a live stream, and a connection with a request in flight (its head is in,
    // its body not yet) behind an earlier answer.
    const idle = await RawConnection.open(server.base);
    idle.write(get('/healthz'));
    expect((await idle.next()).headers['connection']).toBe('keep-alive');
    const stream = await fetch(`${server.base}/api/product/live?quotes=1`);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const streamed = stream.body?.pipeTo(new WritableStream());
    const busy = await RawConnection.open(server.base);
    busy.write(get('/healthz'));
    expect((await busy.next()).status).toBe(200);
    busy.write(heldPost('/api/common/config', 2));
    expect((await busy.next()).status).toBe(100);

    const exit = instances.terminate(server);
    await saw(/\[shutdown\] SIGTERM: draining/);
    // A second signal is told about, and cuts nothing short.
    server.child.kill('SIGTERM');
    await saw(/\[shutdown\] SIGTERM again: still draining/);

    // The idle connection and the stream end cleanly, not reset.
    expect(await idle.ended).toBe('end');
    await streamed;
    // No new connection is taken (fetch could reuse one of its own still open: that one would be answered).
    await expect(RawConnection.open(server.base)).rejects.toThrow(/ECONNREFUSED/);

    // The held request's body arrives now, and a request pipelined behind it: both are answered, the last with
    // Connection: close, and then the connection closes cleanly.
    busy.write(`{}${get('/readyz')}`);
    const config = await busy.next();
    expect(config.status).toBe(200);
    // Not its last answer yet: the one pipelined behind it would be dropped with the connection.
    expect(config.headers['connection']).toBe('keep-alive');
    expect(JSON.parse(config.body)).toMatchObject({ code: 0 });
    const ready = await busy.next();
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'unavailable', failed: 'draining' });
    expect(ready.headers['connection']).toBe('close');
    expect(await busy.ended).toBe('end');

    expect(await exit).toEqual({ code: 0, signal: null });
    expect(server.output).toContain('[shutdown] stopped');
  }, 30_000);
});

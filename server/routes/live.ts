import type { Hono } from 'hono';
import { LIVE_PATH, liveReq } from '../../src/contract/live.ts';
import type { Deps } from '../deps.ts';
import { accepts } from '../http/compress.ts';
import { eventStreamBody } from '../http/event-stream.ts';
import { validInput } from '../http/route.ts';
import { refuseControlChars } from '../http/body.ts';

/**
 * GET product/live (src/contract/live.ts): the market as it happens, one event per step that changed what the
 * stream watches. Public like the market reads, so no session is looked up. A bad query or an unknown product is
 * refused with the usual translated error before the stream starts.
 */
export function liveRoutes(app: Hono, deps: Deps): void {
  // Off: the path is unknown (404), and every client's worker polls instead.
  if (!deps.config.LIVE_STREAM) return;
  app.get(`/api/${LIVE_PATH}`, async (c) => {
    const query = c.req.query();
    refuseControlChars(query);
    const req = validInput(liveReq, query);
    // gzip, never brotli: every browser streams gzip as it arrives, and a small gzip window keeps each stream light.
    const gzip = accepts(c.req.header('accept-encoding'), 'gzip');
    const headers = {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // A proxy that buffers (nginx) passes each event on at once.
      'X-Accel-Buffering': 'no',
      ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
    };
    // HEAD asks what a stream would be, without one.
    if (c.req.method === 'HEAD') return new Response(null, { headers });
    const stream = eventStreamBody(gzip);
    const unsubscribe = await deps.live.subscribe(req, stream.sink);
    deps.metrics.liveStreams.inc();
    stream.onEnd(() => {
      unsubscribe();
      deps.metrics.liveStreams.dec();
    });
    return new Response(stream.body, { headers });
  });
}

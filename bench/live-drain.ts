// The drained part of bench/live-watchers.ts's crowd, in a process of its own: it opens streams of product/live
// (gzip) and only counts their bytes, so the sampled streams' arrival times in the bench's own process are not held
// up behind thousands of other sockets' reads on one event loop. Driven over IPC (child_process.fork):
//   { op: 'open', base, productId, count, parallel } -> { op: 'opened', setupMs: number[] }
//   { op: 'report' } -> { op: 'report', bytes, ended }      { op: 'close' } -> exits
import { openWatchers, type Watcher } from './live-client.ts';

type Ask = { op: 'open'; base: string; productId: number; count: number; parallel: number } | { op: 'report' } | { op: 'close' };

let watchers: Watcher[] = [];
const send = (message: unknown) => process.send?.(message);

process.on('message', (message: Ask) => {
  if (message.op === 'open') {
    void openWatchers(message.base, message.productId, message.count, 0, message.parallel).then(
      (opened) => {
        watchers = opened.watchers;
        send({ op: 'opened', setupMs: watchers.map((w) => w.setupMs) });
      },
      (e: unknown) => send({ op: 'failed', error: String(e) }),
    );
  } else if (message.op === 'report') {
    send({ op: 'report', bytes: watchers.reduce((s, w) => s + w.bytes, 0), ended: watchers.filter((w) => w.ended).length });
  } else {
    for (const w of watchers) w.close();
    process.exit(0);
  }
});
// Its parent gone, it goes too.
process.on('disconnect', () => process.exit(0));

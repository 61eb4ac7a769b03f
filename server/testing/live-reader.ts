import type { LiveEvent } from '../../src/contract/live.ts';
import { liveEvent } from '../../src/contract/live.ts';

/** Reads a product/live answer event by event (gzip or plain), checking each against the contract. */
export interface LiveReader {
  next(): Promise<LiveEvent>;
  close(): Promise<void>;
}

export function readLive(res: Response): LiveReader {
  if (!res.body) throw new Error('no body');
  const encoded = res.headers.get('content-encoding') === 'gzip';
  const bytes = encoded ? res.body.pipeThrough(new DecompressionStream('gzip')) : res.body;
  const reader = bytes.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (data === '') continue;
          return liveEvent.parse(JSON.parse(data));
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
      }
    },
    async close() {
      await reader.cancel().catch(() => undefined);
    },
  };
}

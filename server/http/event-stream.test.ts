// The live stream's body: one gzip member per stream, every event decodable as it arrives, whether the stream's own
// compressor made it or it is an event shared with other streams (compressed once, against the history they sent).
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SharedEvent } from '../market/live-market.ts';
import { eventStreamBody } from './event-stream.ts';

const event = (i: number) => `data: {"w":${1764228000999 + i * 1000},"products":[{"id":12,"trades":[[${1764228000000 + i * 1000},"6701${i % 10}.34","0.0123","rise"]],"stats":{"volume24h":"12${i}.5"}}]}\n\n`;

async function drain(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('eventStreamBody', () => {
  it('sends plain text as it is', async () => {
    const stream = eventStreamBody(false);
    stream.sink.send(event(1));
    stream.sink.send(event(2));
    stream.sink.close();
    expect((await drain(stream.body)).toString()).toBe(event(1) + event(2));
  });

  it('mixes its own and shared events into one valid gzip member, shared bytes made once for every stream', async () => {
    const a = eventStreamBody(true);
    const b = eventStreamBody(true);
    const sentA: string[] = [];
    const sentB: string[] = [];
    // B's first events are its own (a different start), then both send the cohort's events.
    let history = Buffer.alloc(0);
    const first = 'data: {"w":1,"products":[{"id":12,"quote":{"price":"1.00"}}]}\n\n';
    b.sink.send(first);
    sentB.push(first);
    let sharedSent = 0;
    for (let i = 0; i < 40; i++) {
      const text = event(i);
      const shared: SharedEvent = { text, history };
      // A has sent every one of them; B only those after its first (a stream in step for `history` bytes takes it).
      a.sink.send(text, shared);
      sentA.push(text);
      const bInStep = sentB.slice(1).join('').length;
      b.sink.send(text, bInStep >= history.length ? shared : undefined);
      sentB.push(text);
      if (shared.encoded) sharedSent++;
      history = Buffer.concat([history, Buffer.from(text)]).subarray(-4096);
      // Now and then the stream's own compressor is still busy: the shared bytes wait behind it.
      if (i % 7 === 0) await new Promise((r) => setImmediate(r));
    }
    a.sink.close();
    b.sink.close();
    const [bodyA, bodyB] = await Promise.all([drain(a.body), drain(b.body)]);
    // gunzipSync checks the trailer's CRC and length too.
    expect(gunzipSync(bodyA).toString()).toBe(sentA.join(''));
    expect(gunzipSync(bodyB).toString()).toBe(sentB.join(''));
    expect(sharedSent).toBeGreaterThan(20);
  });

  it('decodes event by event as the bytes arrive', async () => {
    const stream = eventStreamBody(true);
    const reader = stream.body.pipeThrough(new DecompressionStream('gzip')).pipeThrough(new TextDecoderStream()).getReader();
    let history = Buffer.alloc(0);
    for (let i = 0; i < 20; i++) {
      const text = event(i);
      stream.sink.send(text, i % 3 === 0 ? undefined : { text, history });
      history = Buffer.concat([history, Buffer.from(text)]).subarray(-4096);
      let got = '';
      while (got.length < text.length) {
        const { value } = await reader.read();
        got += value ?? '';
      }
      expect(got).toBe(text);
    }
    stream.sink.close();
    expect((await reader.read()).done).toBe(true);
  });
});

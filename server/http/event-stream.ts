import { constants as zlib, createGzip, type Gzip } from 'node:zlib';
import type { LiveSink } from '../market/live-market.ts';

/** A stream that has this much not yet taken by its client is dropped; the client resumes from its cursor. */
const MAX_QUEUED_BYTES = 64 * 1024;
/**
 * The compressor's output buffer. Node's default (16 KB) is held by every stream for its whole life, while an event
 * compresses to a few dozen bytes and a first one (50 trades) to about 1 KB; a larger output is simply split.
 */
const GZIP_CHUNK = 1024;
/**
 * gzip with a small window and state (about 20 KB a stream instead of 256 KB, for thousands of streams): events
 * repeat the ones just before, so a few KB of history already turns a 150-byte event into a few dozen bytes.
 */
const GZIP = { level: 6, windowBits: 12, memLevel: 5, flush: zlib.Z_SYNC_FLUSH, chunkSize: GZIP_CHUNK } as const;

export interface EventStreamBody {
  readonly body: ReadableStream<Uint8Array>;
  readonly sink: LiveSink;
  /** Called once when the client goes away or the stream is closed. */
  onEnd(fn: () => void): void;
}

/**
 * A text/event-stream body whose events go out as they are sent: gzip-compressed with one context for the whole
 * stream and a sync flush after each event (so each arrives at once, and costs only what is new in it), or plain.
 */
export function eventStreamBody(gzip: boolean): EventStreamBody {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let ended = false;
  const endListeners: (() => void)[] = [];
  let gz: Gzip | null = null;
  const end = (): void => {
    if (ended) return;
    ended = true;
    for (const fn of endListeners) fn();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      cancel() {
        gz?.destroy();
        end();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: MAX_QUEUED_BYTES }),
  );
  const enqueue = (bytes: Uint8Array): void => {
    if (ended) return;
    try {
      controller?.enqueue(bytes);
    } catch {
      end();
    }
  };
  const closeBody = (): void => {
    if (ended) return;
    try {
      controller?.close();
    } catch {
      // Already cancelled by the client.
    }
    end();
  };
  if (gzip) {
    gz = createGzip(GZIP);
    gz.on('data', (chunk: Buffer) => enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
    gz.on('end', closeBody);
    gz.on('error', closeBody);
  }
  const sink: LiveSink = {
    send(text) {
      if (ended) return false;
      if (gz) gz.write(text);
      else enqueue(encoder.encode(text));
      return (controller?.desiredSize ?? 0) > 0;
    },
    close() {
      if (gz) gz.end();
      else closeBody();
    },
  };
  return {
    body,
    sink,
    onEnd(fn) {
      if (ended) fn();
      else endListeners.push(fn);
    },
  };
}

import { constants as zlib, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';
import type { LiveSink, SharedEvent } from '../market/live-market.ts';

/** A stream that has this much not yet taken by its client is dropped; the client resumes from its cursor. */
const MAX_QUEUED_BYTES = 64 * 1024;
/**
 * The compressor's output buffer. Node's default (16 KB) is held by every stream for its whole life, while an event
 * compresses to a few dozen bytes and a first one (50 trades) to about 1 KB; a larger output is simply split.
 */
const GZIP_CHUNK = 1024;
/**
 * Deflate with a small window and state (about 20 KB a stream instead of 256 KB, for thousands of streams): events
 * repeat the ones just before, so a few KB of history already turns a 150-byte event into a few dozen bytes.
 * SHARED_HISTORY_BYTES (live-market.ts) is this window: a shared event's dictionary is all a stream's own context held.
 */
const DEFLATE = { level: 6, windowBits: 12, memLevel: 5 } as const;
/** A gzip member's header (RFC 1952): deflate, no name, no time, Unix. The body is raw deflate after it. */
const GZIP_HEADER = Uint8Array.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty final block (fixed Huffman, end of block at once): the deflate data ends here, byte-aligned. */
const FINAL_BLOCK = Uint8Array.from([3, 0]);

export interface EventStreamBody {
  readonly body: ReadableStream<Uint8Array>;
  readonly sink: LiveSink;
  /** Called once when the client goes away or the stream is closed. */
  onEnd(fn: () => void): void;
}

/** A shared event's deflate data, computed by the first stream that sends it and reused by every other. */
function sharedBytes(shared: SharedEvent): Uint8Array {
  shared.encoded ??= deflateRawSync(shared.text, {
    ...DEFLATE,
    finishFlush: zlib.Z_SYNC_FLUSH,
    ...(shared.history.length > 0 ? { dictionary: shared.history } : {}),
  });
  return shared.encoded;
}

/**
 * A text/event-stream body whose events go out as they are sent, gzip-compressed (one gzip member for the whole
 * stream; each event ends on a sync flush, so it arrives at once and costs only what is new in it) or plain.
 *
 * An event many streams send alike (a SharedEvent: the same text after the same history) is compressed once, with
 * that history as its dictionary, and the same bytes go to each of them: the decoder's window holds exactly that
 * history, so the bytes decode as if this stream's own compressor had made them. Otherwise the stream's own
 * compressor writes the event. It is replaced by a fresh one after shared bytes went out (its history no longer
 * matches the client's), and shared bytes wait while it still has output to come, so bytes go out in order. The
 * trailer's CRC and length are kept here over every event's text.
 */
export function eventStreamBody(gzip: boolean): EventStreamBody {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let ended = false;
  const endListeners: (() => void)[] = [];
  /** This stream's own compressor (null until needed, and after shared bytes made its history wrong). */
  let own: DeflateRaw | null = null;
  /** Events handed to `own` whose output has not come out yet. */
  let inFlight = 0;
  let closing = false;
  let crc = 0;
  let length = 0;
  const end = (): void => {
    if (ended) return;
    ended = true;
    own?.destroy();
    for (const fn of endListeners) fn();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      cancel() {
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
  /** The end of the gzip member: a final empty block, then the CRC and length of everything sent. */
  const finish = (): void => {
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length >>> 0, 4);
    enqueue(FINAL_BLOCK);
    enqueue(trailer);
    closeBody();
  };
  const ownCompressor = (): DeflateRaw => {
    if (own) return own;
    const d = createDeflateRaw({ ...DEFLATE, flush: zlib.Z_SYNC_FLUSH, chunkSize: GZIP_CHUNK });
    d.on('data', (chunk: Buffer) => enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
    d.on('error', closeBody);
    own = d;
    return d;
  };
  if (gzip) enqueue(GZIP_HEADER);
  const sink: LiveSink = {
    send(text, shared) {
      if (ended || closing) return false;
      if (!gzip) {
        enqueue(encoder.encode(text));
      } else {
        crc = crc32(text, crc);
        length = (length + Buffer.byteLength(text)) % 2 ** 32;
        if (shared !== undefined && shared.text === text && inFlight === 0 && (own?.readableLength ?? 0) === 0) {
          enqueue(sharedBytes(shared));
          own?.destroy();
          own = null;
        } else {
          inFlight++;
          ownCompressor().write(text, () => {
            inFlight--;
            if (closing && inFlight === 0) finish();
          });
        }
      }
      return (controller?.desiredSize ?? 0) > 0;
    },
    close() {
      if (closing) return;
      closing = true;
      if (!gzip) closeBody();
      else if (inFlight === 0) finish();
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

import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream)[\w.+-]+)(?:[;\s]|$)/i;

/** Bytes in an encoding, at the levels every answer uses (brotli 5: most of 11's gain for a fraction of its time). */
export const encode = (bytes: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> =>
  encoding === 'br' ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }) : gz(bytes, { level: 6 });

/** Each encoding the Accept-Encoding header names, with its q. */
function acceptedEncodings(header: string | undefined): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return accepted;
}

/** Whether the request accepts `encoding` (by name or `*`) with a q above 0. */
export function accepts(header: string | undefined, encoding: 'br' | 'gzip'): boolean {
  const accepted = acceptedEncodings(header);
  return (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
}

/** The encoding to use: brotli, then gzip, when the request accepts it with a q above 0. */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  for (const enc of ['br', 'gzip'] as const) if (accepts(header, enc)) return enc;
  return null;
}

/**
 * c.json with a Content-Length: compressAnswers then sees that an answer under its threshold stays as it is without
 * reading its body, which would turn Hono's lightweight answer (written straight to the socket) into a web
 * Response with a stream, read, copied and built again: most of a small answer's cost on a hot path.
 */
export function sizedJson(c: Context, value: unknown): Response {
  const text = JSON.stringify(value);
  return c.body(text, 200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) });
}

/**
 * Compresses API answers of at least `threshold` bytes (brotli, else gzip) with `Vary: Accept-Encoding`.
 * Not Hono's `compress`: it applies its threshold only when Content-Length is set, which `c.json` does not set
 * (so it would compress every tiny answer), and it has no brotli. Streams (text/event-stream), answers already
 * encoded, HEAD and no-body statuses pass through untouched; a strong ETag becomes weak, as the bytes changed.
 */
export function compressAnswers(threshold = 1024): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    // Status and headers first: asking for the body makes the lightweight answer a full one.
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('Content-Encoding') || !COMPRESSIBLE.test(type)) return;
    const vary = res.headers.get('Vary');
    const declared = res.headers.get('Content-Length');
    if (declared !== null && Number(declared) < threshold) {
      // Sent as it is (sizedJson): only Vary changes, on the answer in place.
      if (!vary) res.headers.set('Vary', 'Accept-Encoding');
      else if (!/\baccept-encoding\b/i.test(vary) && vary !== '*') res.headers.set('Vary', `${vary}, Accept-Encoding`);
      return;
    }
    if (!res.body) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (!vary) headers.set('Vary', 'Accept-Encoding');
    else if (!/\baccept-encoding\b/i.test(vary) && vary !== '*') headers.set('Vary', `${vary}, Accept-Encoding`);
    const encoding = body.length >= threshold ? chooseEncoding(c.req.header('Accept-Encoding')) : null;
    if (!encoding) return replace(body);
    const packed = await encode(body, encoding);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(packed.length));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    return replace(packed);

    // Hono's res setter copies the old answer's headers over the new one's: set ours again after it.
    function replace(bytes: Buffer) {
      c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
      for (const [name, value] of headers) if (name !== 'set-cookie') c.res.headers.set(name, value);
    }
  };
}

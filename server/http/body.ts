import type { ApiPath } from '../../src/contract/api.ts';
import { ApiError, fieldError } from './errors.ts';

/** Paths that carry ID or receipt photos as data URLs: two 7.2 MB images fit. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Every other path: a form of a few short fields. */
export const SMALL_BODY_BYTES = 64 * 1024;
const IMAGE_PATHS: ReadonlySet<string> = new Set<ApiPath>(['user/deposit', 'user/bind_idcard']);
export const bodyCapFor = (path: string) => (IMAGE_PATHS.has(path) ? MAX_BODY_BYTES : SMALL_BODY_BYTES);

/** Deeper or bigger JSON than any contract body is refused before JSON.parse builds it. */
export const MAX_JSON_DEPTH = 8;
export const MAX_JSON_KEYS = 200;

const read = new WeakMap<Request, Promise<string>>();

/**
 * The body as text, counted while it streams in: a chunked body without Content-Length is cut off at `max`
 * bytes instead of being read whole, so a flood of large bodies cannot fill the memory. Memoised per request,
 * so the pay-password gate and route() read one stream once.
 */
export function readBodyText(req: Request, max: number, incoming?: NodeBody): Promise<string> {
  let text = read.get(req);
  if (!text) {
    text = incoming ? readIncoming(incoming, max) : readCapped(req, max);
    read.set(req, text);
  }
  return text;
}

/** The Node request under a served Request (@hono/node-server's `c.env.incoming`): its headers and its bytes. */
export interface NodeBody extends AsyncIterable<Buffer> {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * readCapped from the Node request itself: asking the served Request for its body builds a web Request, an
 * AbortController and a web stream over the same bytes, a large part of a small request's cost. Leaving the loop
 * early destroys the request, as cancelling the web stream does.
 */
async function readIncoming(incoming: NodeBody, max: number): Promise<string> {
  const declared = Number(incoming.headers['content-length'] ?? 0);
  if (declared > max) throw new ApiError('error.payload_too_large');
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of incoming) {
    total += chunk.byteLength;
    if (total > max) throw new ApiError('error.payload_too_large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readCapped(req: Request, max: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > max) throw new ApiError('error.payload_too_large');
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError('error.payload_too_large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * JSON.parse, after one linear scan that refuses nesting deeper than MAX_JSON_DEPTH or more than MAX_JSON_KEYS
 * keys and items, so neither a 10,000-deep body nor a million keys reaches the parser, the schema or a hash.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  let depth = 0;
  let items = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) throw new ApiError('error.body_too_complex');
    } else if (ch === 0x7d || ch === 0x5d) depth--;
    else if (ch === 0x2c || ch === 0x3a) {
      // Each ',' or ':' separates one more key or item.
      if (++items > MAX_JSON_KEYS * 2) throw new ApiError('error.body_too_complex');
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('error.bad_json');
  }
}

/** C0 controls and DEL, except tab, line feed and carriage return, which a multi-line message may hold. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The dotted path of the first string (or key) holding a control character, or null. */
export function controlCharPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const at = path ? `${path}.${k}` : k;
    if (CONTROL.test(k)) return at;
    const found = controlCharPath(v, at);
    if (found) return found;
  }
  return null;
}

/** Refuses control characters anywhere in the input with a translated field error naming the field. */
export function refuseControlChars(value: unknown): void {
  const at = controlCharPath(value);
  if (at) throw fieldError(at, 'field.control_chars');
}

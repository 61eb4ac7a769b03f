import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { api, type Api, type CachedPath, type Res } from '../../src/contract/api.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { chooseEncoding, encode } from './compress.ts';
import { createMicroCache } from './micro-cache.ts';
import { readInput, validInput } from './route.ts';

export interface MarketReadCtx<P extends CachedPath> {
  readonly body: z.output<Api[P]['req']>;
  readonly db: Db;
  readonly now: number;
}

/** Questions kept per path: every product × interval × cursor a second asks, with room to spare. */
const MAX_ENTRIES = 2_000;
/**
 * Smaller answers go out as they are. Market reads are polled every few seconds by every member, and each answer
 * is compressed once however many ask: a 266-byte turnover answer is 163 bytes in brotli, a metered member's
 * saving on every poll. Below about 200 bytes the encoding's own framing eats the gain.
 */
const COMPRESS_FROM = 200;

type Encoding = 'br' | 'gzip';

/** One computed answer: its JSON, its tag (of the content, serverTime left out), when it was computed, and its compressed forms once asked for. */
interface Answer {
  readonly json: Buffer;
  readonly tag: string;
  readonly at: number;
  readonly packed: Map<Encoding, Promise<Buffer>>;
}

function answerOf(data: unknown, at: number): Answer {
  const json = Buffer.from(JSON.stringify({ code: 0, msg: '', data }));
  // The same content a second later has another serverTime but is not new: the tag leaves the time out, so an
  // unchanged product answers 304.
  const content = JSON.stringify(data, (key, value: unknown) => (key === 'serverTime' ? undefined : value));
  const tag = createHash('sha256').update(content).digest('base64url').slice(0, 27);
  return { json, tag, at, packed: new Map() };
}

/** Compressed once per answer and encoding, however many members ask for it. */
function packed(answer: Answer, encoding: Encoding): Promise<Buffer> {
  let bytes = answer.packed.get(encoding);
  if (!bytes) {
    bytes = encode(answer.json, encoding);
    answer.packed.set(encoding, bytes);
  }
  return bytes;
}

/** A strong tag per representation: the same content compressed otherwise is other bytes. */
const etagOf = (tag: string, encoding: Encoding | null): string => `"${tag}${encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : ''}"`;

/** If-None-Match against the content's tag, in any of its encodings (the client holds the content either way). */
export function matchesTag(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((raw) => {
    const item = raw.trim();
    if (item === '*') return true;
    return /^(?:W\/)?"([^"]*)"$/.exec(item)?.[1]?.replace(/\.(?:br|gz)$/, '') === tag;
  });
}

/** Whether a field of the request's schema takes a number (through optional and default). */
function takesNumber(field: z.ZodType): boolean {
  let def = field.def as { readonly type: string; readonly innerType?: z.ZodType };
  while (def.innerType && (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')) def = def.innerType.def as typeof def;
  return def.type === 'number';
}

/** Query parameters as the body they stand for: a number field's decimal text becomes a number; the schema judges the rest. */
export function queryInput(schema: z.ZodType, query: Readonly<Record<string, string>>): Record<string, unknown> {
  const shape: Readonly<Record<string, z.ZodType>> = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => {
      const field = shape[k];
      return [k, field !== undefined && takesNumber(field) && /^-?\d{1,16}(?:\.\d{1,16})?$/.test(v) ? Number(v) : v];
    }),
  );
}

/**
 * Registers a public market read (contract `cached`) as POST (the spec's form) and GET with query parameters.
 * The answer is computed once per second per question (path and validated parameters) whoever asks, and again
 * as soon as `version` moves (the feed's watermark: a tick just written is never hidden for the rest of a second);
 * it is compressed once per encoding, and sent with a strong ETag and `Cache-Control: public, max-age=1`; a GET
 * whose If-None-Match holds the tag gets 304 with no body. No session is looked up: the answer is everyone's.
 */
export function marketRoute<P extends CachedPath>(
  app: Hono,
  deps: Deps,
  path: P,
  version: (db: Db) => Promise<number>,
  handler: (ctx: MarketReadCtx<P>) => Promise<Res<P>>,
): void {
  const endpoint = api[path];
  const route = `/api/${path}`;
  const cache = createMicroCache<Answer>(MAX_ENTRIES, { hits: deps.metrics.microCacheHits.labels(route), misses: deps.metrics.microCacheMisses.labels(route) });
  const serve = async (c: Context, method: 'GET' | 'POST') => {
    const now = deps.clock.now();
    const input = method === 'GET' ? queryInput(endpoint.req, c.req.query()) : await readInput(c, 'POST', path);
    const body = validInput(endpoint.req, input) as z.output<Api[P]['req']>;
    const stamp = `${Math.floor(now / 1000)}@${await version(deps.db)}`;
    const answer = await cache.get(JSON.stringify(body), stamp, async () => {
      const data = await handler({ body, db: deps.db, now });
      if (deps.checkResponses) endpoint.res.parse(data);
      return answerOf(data, now);
    });
    const encoding = answer.json.length >= COMPRESS_FROM ? chooseEncoding(c.req.header('accept-encoding')) : null;
    c.header('ETag', etagOf(answer.tag, encoding));
    c.header('Cache-Control', 'public, max-age=1');
    c.header('Vary', 'Accept-Encoding');
    // The answer's age: its serverTime was stamped when it was computed, so a client's clock sample must know
    // that it did not come from this request's moment (an age over the round trip is no clock sample).
    c.header('Server-Timing', `app;dur=${Math.max(0, deps.clock.now() - answer.at)}`);
    if (method === 'GET' && matchesTag(c.req.header('if-none-match'), answer.tag)) return c.body(null, 304);
    const bytes = encoding ? await packed(answer, encoding) : answer.json;
    c.header('Content-Type', 'application/json');
    c.header('Content-Length', String(bytes.length));
    if (encoding) c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(bytes));
  };
  app.post(route, (c) => serve(c, 'POST'));
  app.get(route, (c) => serve(c, 'GET'));
}

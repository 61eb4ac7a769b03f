import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, type ApiPath } from '../../src/contract/api.ts';
import { rows } from '../db/rows.ts';
import { readyMember, tempUploadDir } from '../testing/money.ts';
import { useTestServer } from '../testing/harness.ts';
import { bodyCapFor, MAX_JSON_DEPTH, MAX_JSON_KEYS } from './body.ts';

/**
 * The inputs that used to get a 500 or eat memory, sent to every path of the contract, with and
 * without an Idempotency-Key: a NUL (or other control character) in any field, JSON nested 10,000 deep, too
 * many keys, a body over the cap with a Content-Length, and a chunked body over the cap without one.
 * Every answer is a translated 4xx and nothing in the database changes.
 */
const s = useTestServer({ UPLOAD_DIR: tempUploadDir() });
const paths = Object.keys(api) as ApiPath[];
let token = '';

const TABLES = ['accounts', 'ledger', 'deposits', 'withdrawals', 'refund_requests', 'identity_checks', 'bank_cards', 'withdraw_addresses', 'users', 'sessions', 'idempotency_keys', 'support_messages', 'orders', 'wealth_holdings'];
async function snapshot(): Promise<string[]> {
  const out: string[] = [];
  for (const t of TABLES) {
    const [exists] = await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = ${t}`);
    if (!exists?.n) continue;
    const [row] = await rows<{ h: string | null; n: number }>(s.deps.db, sql`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h, count(*)::int AS n FROM ${sql.identifier(t)} x`);
    out.push(`${t}:${row?.n}:${row?.h}`);
  }
  return out;
}

/** The field names a path's body schema knows (objects and unions of objects), plus one it does not. */
function fieldsOf(schema: z.ZodType): string[] {
  const def = schema as unknown as { shape?: Record<string, unknown>; options?: z.ZodType[] };
  const names = new Set<string>(Object.keys(def.shape ?? {}));
  for (const option of def.options ?? []) for (const k of fieldsOf(option)) names.add(k);
  names.add('extra');
  return [...names];
}

/** A body stream of `bytes` bytes in 64 KB chunks, counting how much of it the server pulled. */
function chunked(bytes: number): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => sent };
}

async function send(path: ApiPath, init: { raw?: string; query?: string; body?: ReadableStream<Uint8Array>; headers?: Record<string, string> }) {
  const method = api[path].method;
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: token, ...init.headers };
  const req: RequestInit & { duplex?: 'half' } =
    method === 'GET' ? { method, headers } : init.body ? { method, headers, body: init.body, duplex: 'half' } : { method, headers, body: init.raw ?? '{}' };
  const res = await s.app.request(`/api/${path}${init.query ?? ''}`, req);
  return { status: res.status, body: (await res.json()) as { msg: string; data?: { fields?: Record<string, string> } } };
}

const withKeys = [{}, { 'idempotency-key': 'limits-key-0001' }];

beforeAll(async () => {
  token = (await readyMember(s, '500.00')).token;
});

describe('input limits before parsing, on every path', { timeout: 120_000 }, () => {
  it('a control character in any field is a translated field error, never a 500', async () => {
    const before = await snapshot();
    let n = 0;
    const controls = fc.sample(fc.integer({ min: 0, max: 31 }).filter((c) => c !== 9 && c !== 10 && c !== 13), 4).concat([0, 127]);
    for (const path of paths) {
      for (const field of fieldsOf(api[path].req)) {
        for (const code of controls) {
          const value = `a${String.fromCharCode(code)}b`;
          for (const headers of withKeys) {
            const r = api[path].method === 'GET'
              ? await send(path, { query: `?${field}=${encodeURIComponent(value)}`, headers })
              : await send(path, { raw: JSON.stringify({ [field]: value }), headers });
            n += 1;
            expect(r.status, `${path} ${field} U+${code.toString(16)}`).toBe(400);
            expect(r.body.data?.fields?.[field], `${path} ${field}`).toBe('field.control_chars');
          }
        }
      }
    }
    console.log(`FIGURE control characters: ${n} requests on ${paths.length} paths, 0 × 5xx`);
    expect(await snapshot()).toEqual(before);
  });

  it('JSON nested 10,000 deep, or with too many keys, is refused before parsing', async () => {
    const before = await snapshot();
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const justTooDeep = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1);
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: MAX_JSON_KEYS + 1 }, (_, i) => [`k${i}`, i])));
    for (const path of paths.filter((p) => api[p].method === 'POST')) {
      for (const raw of [deep, deepObject, justTooDeep, wide]) {
        for (const headers of withKeys) {
          const r = await send(path, { raw, headers });
          expect(r.status, `${path} ${raw.slice(0, 12)}`).toBe(400);
          expect(r.body.msg).toBe('error.body_too_complex');
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a body over the cap is refused: with a Content-Length at once, chunked as soon as the cap is passed', async () => {
    const before = await snapshot();
    let worst = 0;
    for (const path of paths.filter((p) => api[p].method === 'POST')) {
      const cap = bodyCapFor(path);
      const declared = await send(path, { raw: ' '.repeat(cap + 1) });
      expect(declared.status, path).toBe(413);
      expect(declared.body.msg).toBe('error.payload_too_large');
      for (const headers of withKeys) {
        const stream = chunked(20 * 1024 * 1024);
        const r = await send(path, { body: stream.body, headers });
        expect(r.status, path).toBe(413);
        expect(r.body.msg).toBe('error.payload_too_large');
        // Read no further than the cap plus one chunk (and the stream's one chunk of read-ahead).
        expect(stream.pulled(), path).toBeLessThanOrEqual(cap + 3 * 64 * 1024);
        worst = Math.max(worst, stream.pulled());
      }
    }
    console.log(`FIGURE chunked 20 MB body: at most ${worst} bytes read before the 413 (small paths: ${bodyCapFor('user/login')} B cap)`);
    expect(await snapshot()).toEqual(before);
  });
});

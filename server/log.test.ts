import { afterEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import { observeRequests } from './metrics/observe-requests.ts';
import { fingerprint } from './http/route.ts';
import { log, redact, redactText, setLogSink } from './log.ts';
import { useTestServer } from './testing/harness.ts';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { rows } from './db/rows.ts';
import { PIN, readyMember, tempUploadDir, withdrawal } from './testing/money.ts';

const s = useTestServer({ UPLOAD_DIR: tempUploadDir() });
afterEach(() => setLogSink(undefined));

const CARD = '6222020200112233';
const ADDRESS = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';

describe('structured logs with a redaction list (the logs once held card numbers)', () => {
  it('redacts secret keys and card numbers, addresses, bearer tokens and query parameters inside text', () => {
    const out = JSON.stringify(redact({
      cardNumber: CARD, payPassword: PIN, password: 'secret123', accessToken: 'abc', address: ADDRESS,
      note: `card ${CARD} to ${ADDRESS}, Authorization: Bearer abcdefghijklmnop`,
      err: new Error(`Failed query: insert into bank_cards values ($1, $2)\nparams: 7,${CARD},Nguyen Van A`),
    }));
    for (const secret of [CARD, PIN, 'secret123', ADDRESS, 'abcdefghijklmnop', 'Nguyen']) expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
  });

  it('an unexpected error is logged as one JSON line without the request\'s secrets', async () => {
    const lines: string[] = [];
    setLogSink((_level, line) => lines.push(line));
    const app = createApp(s.deps);
    app.get('/boom', () => {
      throw new Error(`Failed query: update users\nparams: ${CARD},${PIN}`);
    });
    const r = await app.request('/boom');
    expect(r.status).toBe(500);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '{}') as { level: string; msg: string; path: string };
    expect([entry.level, entry.path]).toEqual(['error', '/boom']);
    expect(lines[0]).not.toContain(CARD);
    expect(lines[0]).not.toContain(PIN);
  });

  it('the line names the request id that the answer carries, so a report can be matched to it', async () => {
    const lines: string[] = [];
    setLogSink((_level, line) => lines.push(line));
    const api = createApp(s.deps);
    api.get('/boom', () => {
      throw new Error('unexpected');
    });
    const root = new Hono();
    root.use('*', observeRequests(s.deps.metrics, { accessLog: false, instance: 'test' }));
    root.route('/', api);
    const given = await root.request('/boom', { headers: { 'x-request-id': 'req-given-1' } });
    const fresh = await root.request('/boom');
    const ids = lines.map((l) => (JSON.parse(l) as { requestId?: string }).requestId);
    expect(ids).toEqual(['req-given-1', fresh.headers.get('x-request-id')]);
    expect(given.headers.get('x-request-id')).toBe('req-given-1');
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes a checked request id as it is, though its digits read like a card number', () => {
    const lines: string[] = [];
    setLogSink((_level, line) => lines.push(line));
    // A UUID as randomUUID can make it: three all-digit groups in a row match the card pattern.
    const id = 'ae910fcc-0093-4137-9294-14a1484c43ff';
    expect(redactText(id)).not.toBe(id);
    log.error('api: unexpected error', { path: '/x', note: `card ${CARD}` }, { requestId: id });
    const entry = JSON.parse(lines[0] ?? '{}') as { requestId?: string; note?: string };
    expect(entry.requestId).toBe(id);
    expect(entry.note).not.toContain(CARD);
  });
});

describe('idempotency fingerprint (the PIN could once be recovered from an unsalted hash)', () => {
  it('is an HMAC under a server secret of the body without its secret fields', async () => {
    const m = await readyMember(s, '100.00');
    const body = withdrawal('10');
    const r = await s.call('wallet/bankWithdrawal', body, { token: m.token, headers: { 'idempotency-key': 'fingerprint-0001' } });
    expect(r.status).toBe(200);
    const [row] = await rows<{ body_hash: string }>(s.deps.db, sql`SELECT body_hash FROM idempotency_keys WHERE key = 'fingerprint-0001'`);
    expect(row?.body_hash).toMatch(/^[0-9a-f]{64}$/);
    // The old fingerprint, and every guess of it over the million PINs, is no longer what is stored.
    expect(row?.body_hash).not.toBe(createHash('sha256').update(JSON.stringify(body)).digest('hex'));
    // The same body with any other PIN has the same fingerprint: the PIN is not in it at all.
    expect(await fingerprint(s.deps.db, { ...body, payPassword: '000000' })).toBe(await fingerprint(s.deps.db, { ...body, payPassword: PIN }));
  });
});

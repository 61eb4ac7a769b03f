import { describe, expect, it } from 'vitest';
import { api } from '../../src/contract/api.ts';
import { BATCHABLE_PATHS, type BatchablePath } from '../../src/contract/batch.ts';
import { useTestServer } from '../testing/harness.ts';

const s = useTestServer();

interface Answer {
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
}
const answersOf = (r: { body: { data?: unknown } }) => (r.body.data as { answers: Answer[] }).answers;

/** The same call made on its own, with the contract's method (a GET path takes no body). */
const alone = (path: BatchablePath, body: object, opts: { token?: string; headers?: Record<string, string> }) =>
  s.call(path, body, { ...opts, method: api[path].method });

describe('common/batch (the first screen\'s reads in one request)', () => {
  it('answers each call as its own request would, in the order asked', async () => {
    const { token } = await s.member();
    const calls: { readonly path: BatchablePath; readonly body: object }[] = [
      { path: 'user/details', body: {} },
      { path: 'common/config', body: {} },
      { path: 'user/balance_list', body: {} },
      { path: 'common/notice', body: {} },
      { path: 'product/details', body: { id: 1 } },
    ];
    const r = await s.call('common/batch', { calls }, { token });
    expect(r.status).toBe(200);
    const answers = answersOf(r);
    expect(answers.map((a) => a.path)).toEqual(calls.map((c) => c.path));
    for (const [i, call] of calls.entries()) {
      const own = await alone(call.path, call.body, { token });
      expect(own.status, call.path).toBe(200);
      expect(answers[i], call.path).toEqual({ path: call.path, status: 200, body: own.body });
    }
  });

  it('carries the session and the language: each member reads their own, in their language', async () => {
    const a = await s.member();
    const b = await s.member();
    const details = async (token: string) => (answersOf(await s.call('common/batch', { calls: [{ path: 'user/details', body: {} }] }, { token }))[0]?.body as { data: { username: string } }).data.username;
    expect(await details(a.token)).toBe(a.username);
    expect(await details(b.token)).toBe(b.username);
    for (const lang of ['en', 'vn', 'zn']) {
      const headers = { 'accept-language': lang };
      const [notice] = answersOf(await s.call('common/batch', { calls: [{ path: 'common/notice', body: {} }] }, { headers }));
      expect(notice?.body, lang).toEqual((await alone('common/notice', {}, { headers })).body);
    }
  });

  it('fails a call alone: without a session the member reads are 401, the public ones answer', async () => {
    const r = await s.call('common/batch', { calls: [{ path: 'common/config', body: {} }, { path: 'user/details', body: {} }, { path: 'product/details', body: { id: 'x' } }, { path: 'user/balance_list', body: {} }] });
    expect(r.status).toBe(200);
    const [config, details, product, balances] = answersOf(r);
    expect(config?.status).toBe(200);
    expect(details).toEqual({ path: 'user/details', status: 401, body: (await s.call('user/details')).body });
    expect(product?.status).toBe(400);
    expect(product?.body).toEqual((await s.call('product/details', { id: 'x' })).body);
    expect(balances?.status).toBe(401);
    const expired = answersOf(await s.call('common/batch', { calls: [{ path: 'user/details', body: {} }] }, { token: 'not-a-token' }));
    expect(expired[0]?.status).toBe(401);
  });

  it('refuses a batch of anything but the listed reads, each once, with a validation error', async () => {
    const { token } = await s.member();
    const refused = [
      { calls: [] },
      { calls: [{ path: 'user/deposit', body: { amount: '10' } }] },
      { calls: [{ path: 'order/create', body: {} }] },
      { calls: [{ path: 'common/batch', body: { calls: [] } }] },
      { calls: [{ path: 'common/config', body: {} }, { path: 'common/config', body: {} }] },
      { calls: [...BATCHABLE_PATHS.map((path) => ({ path, body: {} })), { path: 'common/config', body: {} }] },
      { calls: [{ path: 'common/config', body: [] }] },
      { calls: [{ path: 'common/config' }] },
      { calls: [{ path: 'common/config', body: {}, extra: 1 }] },
      { calls: [{ path: 'common/config', body: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i])) }] },
      { calls: 'common/config' },
      {},
    ];
    for (const body of refused) {
      const r = await s.call('common/batch', body, { token });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.msg).toBe('error.validation');
    }
    const malformed = await s.call('common/batch', undefined, { token, raw: '{"calls": [' });
    expect(malformed.status).toBe(400);
  });
});

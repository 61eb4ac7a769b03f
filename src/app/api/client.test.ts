import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANG_KEY, readItem, TOKEN_KEY } from '../storage/local.ts';
import { fail, fakeApi, ok, type Handler } from '../testing/fakeApi.ts';
import { createApiClient } from './client.ts';
import { getPaths, idempotentPaths } from '../../http/paths.ts';
import { createSubmissionKey } from './submissionKey.ts';
import { bankWithdrawalForm, trcWithdrawalForm } from '../../contract/forms.ts';
import type { Req } from '../../contract/api.ts';

function setup(handlers: Record<string, Handler> = {}) {
  const api = fakeApi(handlers);
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    base: '/api',
    timeout: 10_000,
    fetch: api.fetch,
    token: () => readItem(TOKEN_KEY),
    lang: () => readItem(LANG_KEY) ?? 'en',
    onUnauthorized,
  });
  return { api, client, onUnauthorized };
}

const withdrawal = { paymethod: 'bank', amount: '100.00', payPassword: '123456' } as const;

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('api client: requests', () => {
  it('POSTs a JSON body under the API base with the stored language and token', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-123');
    localStorage.setItem(LANG_KEY, 'vn');
    const { api, client } = setup({ 'user/login': () => ok({ accessToken: 'x', expiresAt: 1 }) });
    await client.call('user/login', { username: 'alice', password: 'secret1' });
    const req = api.last('user/login');
    expect(req?.method).toBe('POST');
    expect(req?.url.pathname).toBe('/api/user/login');
    expect(req?.headers.get('content-type')).toContain('application/json');
    expect(req?.body).toEqual({ username: 'alice', password: 'secret1' });
    expect(req?.headers.get('Accept-Language')).toBe('vn');
    expect(req?.headers.get('Authorization')).toBe('tok-123');
  });

  it('reads the token and language again on every call', async () => {
    const { api, client } = setup({ 'user/details': () => ok({}) });
    await client.call('user/details');
    localStorage.setItem(TOKEN_KEY, 'later');
    localStorage.setItem(LANG_KEY, 'zn');
    await client.call('user/details');
    expect(api.requests.map((r) => [r.headers.get('Authorization'), r.headers.get('Accept-Language')])).toEqual([
      ['', 'en'],
      ['later', 'zn'],
    ]);
  });

  it('uses GET with query parameters and no body for exactly the three GET paths', async () => {
    expect([...getPaths].sort()).toEqual(['common/notice', 'user/idcard', 'wealth/details']);
    const { api, client } = setup({ 'wealth/details': () => ok({}), 'common/notice': () => ok({ items: [] }), 'user/idcard': () => ok({}) });
    await client.call('wealth/details', { id: 3 });
    await client.call('common/notice');
    await client.call('user/idcard');
    for (const r of api.requests) {
      expect(r.method).toBe('GET');
      expect(r.body).toBeUndefined();
    }
    expect(api.last('wealth/details')?.url.search).toBe('?id=3');
  });

  it('hands the whole success envelope to the caller', async () => {
    const { client } = setup({ 'common/banks': () => ok({ items: [{ code: 'VCB', name: 'Vietcombank' }] }) });
    await expect(client.call('common/banks')).resolves.toEqual({ code: 0, msg: '', data: { items: [{ code: 'VCB', name: 'Vietcombank' }] } });
  });
});

describe('api client: errors', () => {
  it('on 401 tells the app (which clears the session) and rejects with the body', async () => {
    const { client, onUnauthorized } = setup({ 'user/details': () => fail(401, 4010, 'error.unauthorized') });
    await expect(client.call('user/details')).rejects.toEqual({ code: 4010, msg: 'error.unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('error.unauthorized');
  });

  it('a 401 for a token replaced while the call was in flight leaves the new session alone', async () => {
    localStorage.setItem(TOKEN_KEY, 'old-token');
    const { client, onUnauthorized, api } = setup({
      'user/balance_list': () => {
        // The member logs out and in again while the old session's call is on its way.
        localStorage.setItem(TOKEN_KEY, 'new-token');
        return fail(401, 4010, 'error.unauthorized');
      },
    });
    await expect(client.call('user/balance_list')).rejects.toEqual({ code: 4010, msg: 'error.unauthorized' });
    expect(api.requests[0]?.headers.get('authorization')).toBe('old-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
    // The same answer to a call the current session sent still ends it.
    await expect(client.call('user/balance_list')).rejects.toEqual({ code: 4010, msg: 'error.unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('on a 401 for a session unused too long tells the app that reason', async () => {
    const { client, onUnauthorized } = setup({ 'user/details': () => fail(401, 4018, 'error.session_idle') });
    await expect(client.call('user/details')).rejects.toEqual({ code: 4018, msg: 'error.session_idle' });
    expect(onUnauthorized).toHaveBeenCalledWith('error.session_idle');
  });

  it('rejects any other error with the response data, field errors included', async () => {
    const { client, onUnauthorized } = setup({ 'user/register': () => fail(409, 4090, 'error.username_taken', { username: 'error.username_taken' }) });
    const body = { username: 'a', phone: '01234567890', password: 'secret1', confirmPassword: 'secret1', inviteCode: 'X' };
    await expect(client.call('user/register', body)).rejects.toEqual({ code: 4090, msg: 'error.username_taken', data: { fields: { username: 'error.username_taken' } } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects a network failure with error.network', async () => {
    const client = createApiClient({
      base: '/api', timeout: 10_000, token: () => null, lang: () => 'en', onUnauthorized: () => undefined,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(client.call('common/config')).rejects.toEqual({ code: 6000, msg: 'error.network' });
  });

  it('gives up after exactly 10000 ms with error.timeout', async () => {
    vi.useFakeTimers();
    const hang = (input: RequestInfo | URL) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = input instanceof Request ? input.signal : undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const client = createApiClient({ base: '/api', timeout: 10_000, fetch: hang, token: () => null, lang: () => 'en', onUnauthorized: () => undefined });
    let settled: unknown = 'pending';
    const done = client.call('common/config').catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(settled).toEqual({ code: 6001, msg: 'error.timeout' });
  });
});

describe('api client: withdrawal and Defi', () => {
  const handlers = {
    'wallet/bankWithdrawal': () => ok({}),
    'wallet/trcWithdrawal': () => ok({}),
    'Defi/myOrder': () => ok({ items: [] }),
    'Defi/orderMoney': () => ok({}),
  };

  it('sends a bank withdrawal to bankWithdrawal and a TRC20 one to trcWithdrawal, as the withdrawal forms say', async () => {
    const { api, client } = setup(handlers);
    const typed = { amount: ' 100.00 ', payPassword: '123456', addressId: '4' };
    for (const spec of [bankWithdrawalForm, trcWithdrawalForm]) await client.call(spec.path, spec.body(typed));
    expect(api.requests.map((r) => r.path)).toEqual(['wallet/bankWithdrawal', 'wallet/trcWithdrawal']);
    expect(api.requests[1]?.body).toEqual({ paymethod: 'trc20', amount: '100.00', payPassword: '123456', addressId: 4, Authorization: '' });
  });

  it('moves the Authorization value into the header and blanks it in the body', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored');
    const { api, client } = setup(handlers);
    // Spec 7 lets a caller put the token in the body; the contract types it blank, so this body is cast.
    await client.call('wallet/bankWithdrawal', { ...withdrawal, Authorization: 'from-payload' } as unknown as Req<'wallet/bankWithdrawal'>);
    const req = api.last('wallet/bankWithdrawal');
    expect(req?.headers.get('Authorization')).toBe('from-payload');
    expect(req?.body).toMatchObject({ Authorization: '' });
  });

  it('blanks Authorization in the body and sends the stored token when the payload has none', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored');
    const { api, client } = setup(handlers);
    await client.call('wallet/bankWithdrawal', withdrawal);
    const req = api.last('wallet/bankWithdrawal');
    expect(req?.headers.get('Authorization')).toBe('stored');
    expect(req?.body).toEqual({ ...withdrawal, Authorization: '' });
  });

  it('does the same move for both Defi calls', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored');
    const { api, client } = setup(handlers);
    await client.call('Defi/myOrder');
    await client.call('Defi/orderMoney', { productId: 2, amount: '50', Authorization: '' });
    for (const path of ['Defi/myOrder', 'Defi/orderMoney']) {
      const req = api.last(path);
      expect(req?.headers.get('Authorization'), path).toBe('stored');
      expect(req?.body, path).toMatchObject({ Authorization: '' });
    }
  });
});

describe('api client: idempotency keys', () => {
  it('sends a fresh Idempotency-Key on every money path and none elsewhere', async () => {
    const all = Object.fromEntries(idempotentPaths.map((p) => [p, () => ok({})]));
    const { api, client } = setup({ ...all, 'user/login': () => ok({}) });
    for (const path of idempotentPaths) await client.call(path, {} as never);
    await client.call('user/login', { username: 'a', password: 'b' });
    const keys = idempotentPaths.map((p) => api.last(p)?.headers.get('Idempotency-Key'));
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(idempotentPaths.length);
    expect(api.last('user/login')?.headers.has('Idempotency-Key')).toBe(false);
  });

  it('reuses the key of a retried submission', async () => {
    const { api, client } = setup({ 'order/create': () => ok({}) });
    const submission = createSubmissionKey();
    const body = { productId: 1, direction: 'rise', amount: '10', cycle: 60 } as const;
    await client.call('order/create', body, { idempotencyKey: submission.keyFor(body) });
    await client.call('order/create', body, { idempotencyKey: submission.keyFor(body) });
    const [first, second] = api.requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });
});

describe('api client: money events', () => {
  it('tells its listeners after each money path answered with success, never after a failure or another path', async () => {
    let refused = true;
    const { client } = setup({
      'wallet/submit': () => (refused ? fail(400, 4004, 'error.pay_password_wrong') : ok({})),
      'user/details': () => ok({}),
    });
    const moved = vi.fn();
    const stop = client.onMoneyMoved(moved);
    const refund: Req<'wallet/submit'> = { nationality: 'VN', name: 'A', idNumber: '1', lostAmount: '10.00', refundNumber: 'R1', payPassword: '123456' };
    await client.call('wallet/submit', refund).catch(() => undefined);
    await client.call('user/details');
    expect(moved).not.toHaveBeenCalled();
    refused = false;
    await client.call('wallet/submit', refund);
    expect(moved).toHaveBeenCalledOnce();
    stop();
    await client.call('wallet/submit', refund);
    expect(moved).toHaveBeenCalledOnce();
  });
});

describe('submission keys', () => {
  it('keeps a key for the same body, renews it when the body changes or the submission is done', () => {
    let n = 0;
    const s = createSubmissionKey(() => `key-${++n}`);
    expect(s.keyFor({ a: 1 })).toBe('key-1');
    expect(s.keyFor({ a: 1 })).toBe('key-1');
    expect(s.keyFor({ a: 2 })).toBe('key-2');
    s.done();
    expect(s.keyFor({ a: 2 })).toBe('key-3');
  });
});

describe("api client: the boot script's early answers", () => {
  const envelope = (data: unknown, status = 200) => new Response(JSON.stringify({ code: status === 200 ? 0 : 1, msg: '', data }), { status });
  const early = (answer: Promise<Response>, token = '', lang = 'en', at = performance.now(), body = '{}') => ({ token, lang, at, answer, body, settled: null });
  /** An early answer that has come, as the boot script keeps it: its promise and its body, one and the same object. */
  const arrived = (data: unknown, { token = '', status = 200, body = '{}' } = {}) => {
    const json = { code: status === 200 ? 0 : 1, msg: '', data };
    const answer = Promise.resolve({ ok: status === 200, json: () => Promise.resolve(json) });
    return { json, call: { token, lang: 'en', at: performance.now(), answer, body, settled: { status, body: json } } };
  };
  afterEach(() => {
    delete window.__candlewickEarly;
  });

  it('takes the answer sent while the code loaded, once: the next call asks the server', async () => {
    window.__candlewickEarly = { 'common/config': early(Promise.resolve(envelope({ web_name: 'Early' }))) };
    const { api, client } = setup({ 'common/config': () => ok({ web_name: 'Asked' }) });
    expect((await client.call('common/config')).data.web_name).toBe('Early');
    expect(api.requests).toHaveLength(0);
    expect((await client.call('common/config')).data.web_name).toBe('Asked');
    expect(api.requests).toHaveLength(1);
  });

  it('takes an answer sent with a body only for the same body', async () => {
    const { api, client } = setup({ 'product/details': (req) => ok({ asked: req.body }) });
    window.__candlewickEarly = { 'product/details': early(Promise.resolve(envelope({ early: 12 })), '', 'en', performance.now(), '{"id":12}') };
    expect((await client.call('product/details', { id: 13 })).data).toEqual({ asked: { id: 13 } });
    window.__candlewickEarly = { 'product/details': early(Promise.resolve(envelope({ early: 12 })), '', 'en', performance.now(), '{"id":12}') };
    expect((await client.call('product/details', { id: 12 })).data).toEqual({ early: 12 });
    expect(api.requests).toHaveLength(1);
  });

  it('asks again when the early answer was sent with another token or language, or is too old', async () => {
    localStorage.setItem(TOKEN_KEY, 'now');
    const { api, client } = setup({ 'user/balance_list': () => ok({ mine: true }), 'common/config': () => ok({ web_name: 'Asked' }) });
    window.__candlewickEarly = {
      'user/balance_list': early(Promise.resolve(envelope({ mine: false })), 'before'),
      'common/config': early(Promise.resolve(envelope({ web_name: 'Early' })), 'now', 'zn'),
    };
    expect((await client.call('user/balance_list')).data).toEqual({ mine: true });
    expect((await client.call('common/config')).data.web_name).toBe('Asked');
    window.__candlewickEarly = { 'common/config': early(Promise.resolve(envelope({ web_name: 'Early' })), 'now', 'en', performance.now() - 60_000) };
    expect((await client.call('common/config')).data.web_name).toBe('Asked');
    expect(api.requests.map((r) => r.path)).toEqual(['user/balance_list', 'common/config', 'common/config']);
  });

  it('shows an answer that has come without taking it: the call then resolves with that same object, once', async () => {
    const details = arrived({ early: 12 }, { body: '{"id":12}' });
    window.__candlewickEarly = { 'product/details': details.call };
    const { api, client } = setup({ 'product/details': () => ok({ asked: true }) });
    expect(client.peek('product/details', { id: 13 })).toBeNull();
    const shown = client.peek('product/details', { id: 12 });
    expect(shown).toBe(details.json);
    expect(client.peek('product/details', { id: 12 })).toBe(shown);
    expect(await client.call('product/details', { id: 12 })).toBe(shown);
    expect(api.requests).toHaveLength(0);
    expect(client.peek('product/details', { id: 12 })).toBeNull();
    expect((await client.call('product/details', { id: 12 })).data).toEqual({ asked: true });
  });

  it('shows nothing of an answer not yet come, failed, sent for another session, or for a call with options', () => {
    localStorage.setItem(TOKEN_KEY, 'now');
    const { api, client } = setup({});
    const pending = new Promise<Response>(() => undefined);
    window.__candlewickEarly = {
      'common/config': early(pending, 'now'),
      'user/details': arrived({ mine: false }, { token: 'before' }).call,
      'user/balance_list': arrived(null, { token: 'now', status: 401 }).call,
      'common/notice': arrived({ items: [] }, { token: 'now' }).call,
    };
    expect(client.peek('common/config')).toBeNull();
    expect(client.peek('user/details')).toBeNull();
    expect(client.peek('user/balance_list')).toBeNull();
    expect(client.peek('common/notice', {}, { signal: new AbortController().signal })).toBeNull();
    expect(client.peek('common/notice')?.data).toEqual({ items: [] });
    expect(api.requests).toHaveLength(0);
  });

  it('asks again when the early answer failed, so a 401 still reaches the session handling', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired');
    const offline = Promise.reject(new TypeError('offline'));
    // As the boot script does: a failure nobody takes is not an unhandled rejection.
    offline.catch(() => undefined);
    const { api, client, onUnauthorized } = setup({ 'user/balance_list': () => fail(401, 4010, 'error.unauthorized'), 'common/config': () => ok({ web_name: 'Asked' }) });
    window.__candlewickEarly = {
      'user/balance_list': early(Promise.resolve(envelope(null, 401)), 'expired'),
      'common/config': early(offline, 'expired'),
    };
    await expect(client.call('user/balance_list')).rejects.toEqual({ code: 4010, msg: 'error.unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect((await client.call('common/config')).data.web_name).toBe('Asked');
    expect(api.requests.map((r) => r.path)).toEqual(['user/balance_list', 'common/config']);
  });
});

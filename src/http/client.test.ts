import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpClientOptions } from './client.ts';
import { ApiFailure, asApiFailure } from './failure.ts';

const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function clientAnswering(answer: (url: string, init: RequestInit) => Response | Promise<Response>, extra: Partial<HttpClientOptions> = {}) {
  const onUnauthorized = vi.fn<(sentWith: string | null) => void>();
  const client = createHttpClient({
    fetch: (input, init) => Promise.resolve(answer(String(input), init ?? {})),
    base: () => 'http://x/api',
    token: () => 'tok',
    lang: () => 'en',
    onUnauthorized,
    ...extra,
  });
  return { client, onUnauthorized };
}

/** The rejection of a call, which must be the one failure type. */
async function failureOf(call: Promise<unknown>): Promise<ApiFailure> {
  const error: unknown = await call.then(
    () => 'resolved',
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
}

describe('the one HTTP client: every failure reads as one ApiFailure', () => {
  it("an error body keeps the server's code, key and fields, with the HTTP status beside them", async () => {
    const body = { code: 4090, msg: 'error.username_taken', data: { fields: { username: 'error.username_taken' } } };
    const { client } = clientAnswering(() => json(409, body));
    const failure = await failureOf(client.call('user/details'));
    expect(failure).toEqual(body);
    expect([failure.status, failure.key, failure.fields]).toEqual([409, 'error.username_taken', { username: 'error.username_taken' }]);
  });

  it('a 401 tells the caller which token it was sent with, and why', async () => {
    const { client, onUnauthorized } = clientAnswering(() => json(401, { code: 4010, msg: 'error.unauthorized' }));
    const failure = await failureOf(client.call('user/details'));
    expect([failure.status, failure.msg]).toEqual([401, 'error.unauthorized']);
    expect(onUnauthorized).toHaveBeenCalledWith('tok', failure);
  });

  it('a 401 to a call sent with a token replaced while it was on its way is not reported', async () => {
    let token = 'old';
    const { client, onUnauthorized } = clientAnswering(
      () => {
        token = 'new';
        return json(401, { code: 4010, msg: 'error.unauthorized' });
      },
      { token: () => token },
    );
    const failure = await failureOf(client.call('user/details'));
    expect([failure.status, failure.msg]).toEqual([401, 'error.unauthorized']);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await failureOf(client.call('user/details'));
    expect(onUnauthorized).toHaveBeenCalledWith('new', expect.any(ApiFailure));
  });

  it('an answer without an error body is read by its status', async () => {
    const { client, onUnauthorized } = clientAnswering((url) => (url.endsWith('user/details') ? new Response('gateway', { status: 502 }) : new Response('', { status: 401 })));
    const bad = await failureOf(client.call('user/details'));
    expect([bad.status, bad.code, bad.msg]).toEqual([502, 5000, 'error.internal']);
    const unauthorized = await failureOf(client.call('order/hold_list', {}));
    expect([unauthorized.status, unauthorized.msg]).toEqual([401, 'error.unauthorized']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 200 whose envelope is not a success is a failure too', async () => {
    const { client } = clientAnswering(() => json(200, { code: 4001, msg: 'error.validation' }));
    const failure = await failureOf(client.call('user/details'));
    expect([failure.status, failure.msg]).toEqual([200, 'error.validation']);
  });

  it('no answer is error.network (status 0); the caller aborting rejects with its own abort', async () => {
    const offline = createHttpClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      base: () => '/api',
      token: () => null,
      lang: () => 'en',
      onUnauthorized: () => undefined,
    });
    const failure = await failureOf(offline.call('common/config'));
    expect(failure).toEqual({ code: 6000, msg: 'error.network' });
    expect(failure.status).toBe(0);

    const abort = new AbortController();
    const { client } = clientAnswering(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      { timeoutMs: 10_000 },
    );
    const call = client.call('common/config', {}, { signal: abort.signal });
    abort.abort();
    await expect(call).rejects.toBeInstanceOf(DOMException);
  });

  it('an error body thrown by hand reads as the same failure; anything else as error.network', () => {
    expect(asApiFailure({ code: 4040, msg: 'error.no_bank_card' })).toEqual({ code: 4040, msg: 'error.no_bank_card' });
    expect(asApiFailure(new Error('boom'))).toEqual({ code: 6000, msg: 'error.network' });
    expect(asApiFailure({ code: 1, msg: 'not a key' }).msg).toBe('error.network');
  });
});

import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from './fakeApi.ts';

const post = (api: ReturnType<typeof fakeApi>, path: string, body: unknown) =>
  api.fetch(`http://test.invalid/api/${path}`, { method: 'POST', body: JSON.stringify(body) });

describe('fakeApi', () => {
  it('hands out a request that arrived before nextRequest was called', async () => {
    const api = fakeApi({ 'x/y': () => ok(1) });
    await post(api, 'x/y', { a: 1 });
    expect((await api.nextRequest('x/y')).body).toEqual({ a: 1 });
  });

  it('hands out a request that arrives after nextRequest was called, each request once', async () => {
    const api = fakeApi({ 'x/y': () => ok(1) });
    const first = api.nextRequest('x/y');
    const second = api.nextRequest('x/y');
    await post(api, 'x/y', { n: 1 });
    await post(api, 'x/y', { n: 2 });
    expect((await first).body).toEqual({ n: 1 });
    expect((await second).body).toEqual({ n: 2 });
  });

  it('waits for the n-th request of a path', async () => {
    const api = fakeApi({ 'x/y': () => ok(1) });
    const third = api.request('x/y', 3);
    for (const n of [1, 2, 3]) await post(api, 'x/y', { n });
    expect((await third).body).toEqual({ n: 3 });
  });

  it('holds a path until the test answers, with its own reply or the normal handler', async () => {
    const api = fakeApi({ 'x/y': () => ok('normal') }, { hold: ['x/y'] });
    let settled = false;
    const answer = post(api, 'x/y', {}).then(async (r) => {
      settled = true;
      return (await r.json()) as unknown;
    });
    const arrived = await api.nextRequest('x/y');
    // Arrived but unanswered: the caller is still waiting.
    await Promise.resolve();
    expect(settled).toBe(false);
    arrived.respond(ok('mine'));
    arrived.release(); // a second answer is ignored
    expect(await answer).toEqual({ code: 0, msg: '', data: 'mine' });

    api.hold('x/y');
    const again = post(api, 'x/y', {});
    (await api.nextRequest('x/y')).release();
    expect(await (await again).json()).toEqual({ code: 0, msg: '', data: 'normal' });
  });
});

import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedFeed } from '../market/service.ts';
import { T0, useTestServer } from '../testing/harness.ts';

/** Public market reads as GET too, computed once per second per question, with ETag and 304. */
const s = useTestServer();
let feed: Awaited<ReturnType<typeof createSimulatedFeed>>;
let t = T0;

beforeAll(async () => {
  feed = await createSimulatedFeed(s.deps.db);
  await feed.resume(T0);
  for (; t <= T0 + 5_000; t += 1000) await feed.step(t);
  s.clock.set(t);
});

const get = (pathAndQuery: string, headers: Record<string, string> = {}) => s.app.request(`/api/${pathAndQuery}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.request(`/api/${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } });
const dataOf = async (res: Response) => ((await res.json()) as { data: { serverTime: number } & Record<string, unknown> }).data;

describe('public market reads (GET and POST, micro-cached, ETag)', () => {
  it('answers GET with query parameters exactly as POST with the same body', async () => {
    const byGet = await get('product/kdata?id=1&interval=1m&limit=5');
    const byPost = await post('product/kdata', { id: 1, interval: '1m', limit: 5 });
    expect(byGet.status).toBe(200);
    expect(await dataOf(byGet)).toEqual(await dataOf(byPost));
    expect(byGet.headers.get('cache-control')).toBe('public, max-age=1');
    expect(byGet.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(byGet.headers.get('etag')).toBe(byPost.headers.get('etag'));
  });

  it('computes an answer once per second per question: a later ask in the same second gets the same answer', async () => {
    s.clock.set(t + 100);
    const first = await dataOf(await get('product/details?id=1'));
    s.clock.set(t + 700);
    const again = await dataOf(await get('product/details?id=1'));
    expect(again.serverTime).toBe(first.serverTime);
    // The next second asks the database again.
    s.clock.set(t + 1_100);
    expect((await dataOf(await get('product/details?id=1'))).serverTime).toBe(t + 1_100);
  });

  it('computes again within the second as soon as the feed has written a tick', async () => {
    t += 2_000;
    s.clock.set(t + 50);
    const before = await dataOf(await get('product/trunover?id=1'));
    await feed.step(t);
    s.clock.set(t + 60);
    const after = await dataOf(await get('product/trunover?id=1'));
    expect(before.serverTime).toBe(t + 50);
    expect(after.serverTime).toBe(t + 60);
  });

  it('answers 304 with no body to a GET that already holds the content, also a second later when nothing changed', async () => {
    s.clock.set(t + 200);
    const first = await get('product/details?id=1');
    const tag = first.headers.get('etag') ?? '';
    const same = await get('product/details?id=1', { 'If-None-Match': tag });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(same.headers.get('etag')).toBe(tag);
    // A new second, no new tick: a new serverTime, the same content, so still 304.
    s.clock.set(t + 1_200);
    expect((await get('product/details?id=1', { 'If-None-Match': `W/${tag}` })).status).toBe(304);
    // Another question's tag does not match.
    expect((await get('product/details?id=2', { 'If-None-Match': tag })).status).toBe(200);
    // POST is not conditional.
    expect((await post('product/details', { id: 1 }, { 'If-None-Match': tag })).status).toBe(200);
  });

  it('sends a new tag once the content changed', async () => {
    const before = (await get('product/trunover?id=1')).headers.get('etag') ?? '';
    t += 1_000;
    await feed.step(t);
    s.clock.set(t + 10);
    const after = await get('product/trunover?id=1', { 'If-None-Match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('compresses a large answer once, with a tag of its own encoding that still matches the content', async () => {
    const res = await get('product/list', { 'Accept-Encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    const tag = res.headers.get('etag') ?? '';
    expect(tag).toMatch(/\.br"$/);
    const json = JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()) as { data: { items: unknown[] } };
    expect(json.data.items.length).toBeGreaterThan(0);
    expect((await get('product/list', { 'If-None-Match': tag })).status).toBe(304);
  });

  it('refuses bad query input with a translated error and no 500', async () => {
    for (const query of ['id=abc', 'id=1.5', 'id=-1', 'id=99999999999999999999', 'id=1&interval=2m', 'id=1&limit=0', 'id=1&since=x']) {
      const res = await get(`product/kdata?${query}${query.includes('interval') ? '' : '&interval=1m'}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { msg: string }).msg, query).toMatch(/^error\./);
      expect(res.headers.get('cache-control'), query).toBe('private, no-store');
    }
    const unknown = await get('product/details?id=424242');
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expect(((await unknown.json()) as { msg: string }).msg).toBe('error.product_unknown');
  });

  it('keeps every answer of a member private and out of every cache', async () => {
    const { token } = await s.member();
    const mine = await post('user/details', {}, { Authorization: token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('etag')).toBeNull();
    expect((await post('product/orders', { id: 1 }, { Authorization: token })).headers.get('cache-control')).toBe('private, no-store');
  });
});

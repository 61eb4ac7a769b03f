import { describe, expect, it } from 'vitest';
import type { ClockSample } from '../streams/inputs.ts';
import { ApiFailure } from '../http/failure.ts';
import { clockSample, createTransport } from './transport.ts';

const OFFSET = 600_000;

describe('clock samples from answers (a busy server does not shift the countdowns)', () => {
  it("takes the server's own work out of the round trip: the offset is exact for a symmetric network", () => {
    // Sent at 1 000 (client), 20 ms each way; the server stamps 1 020 + OFFSET, works 268 ms, answers.
    const sample = clockSample(1_000, 1_308, { at: 1_020 + OFFSET, workedMs: 268 });
    expect(sample.serverTime - (sample.sentAt + sample.receivedAt) / 2).toBe(OFFSET);
    expect(sample.receivedAt - sample.sentAt).toBe(40);
    // Without the work it would be 134 ms off, the lateness measured on a loaded machine.
    const naive = clockSample(1_000, 1_308, { at: 1_020 + OFFSET, workedMs: 0 });
    expect(naive.serverTime - (naive.sentAt + naive.receivedAt) / 2).toBe(OFFSET - 134);
  });

  it('never makes a negative round trip of a server that says it worked longer than the whole trip', () => {
    const sample = clockSample(1_000, 1_100, { at: 5_000, workedMs: 250 });
    expect(sample.receivedAt - sample.sentAt).toBe(0);
  });

  it("reads Server-Timing's app duration from the answer", async () => {
    const samples: ClockSample[] = [];
    let t = 1_000;
    const post = createTransport({
      fetch: async () => {
        t = 1_308;
        return new Response(JSON.stringify({ code: 0, msg: '', data: { items: [], serverTime: 1_020 + OFFSET } }), {
          headers: { 'Content-Type': 'application/json', 'Server-Timing': 'app;dur=268' },
        });
      },
      session: () => ({ apiBase: 'http://x/api', token: null, lang: 'en' }),
      now: () => t,
      onSample: (s) => samples.push(s),
      onUnauthorized: () => undefined,
    });
    await post('product/list', {}, new AbortController().signal);
    const [sample] = samples;
    expect(sample && sample.serverTime - (sample.sentAt + sample.receivedAt) / 2).toBe(OFFSET);
  });

  it('takes no sample from an answer older than the request (a market read the server computed earlier in its second)', async () => {
    const samples: ClockSample[] = [];
    let t = 1_000;
    const post = createTransport({
      fetch: async () => {
        t = 1_050;
        return new Response(JSON.stringify({ code: 0, msg: '', data: { items: [], serverTime: 400 + OFFSET } }), {
          headers: { 'Content-Type': 'application/json', 'Server-Timing': 'app;dur=640' },
        });
      },
      session: () => ({ apiBase: 'http://x/api', token: null, lang: 'en' }),
      now: () => t,
      onSample: (s) => samples.push(s),
      onUnauthorized: () => undefined,
    });
    await post('product/list', {}, new AbortController().signal);
    expect(samples).toEqual([]);
  });
});

describe('public market reads (GET, If-None-Match, 304 is nothing new)', () => {
  const session = () => ({ apiBase: 'http://x/api', token: 'tok-1', lang: 'en' as const });

  it('asks with GET and sorted query parameters, without the token, then with the tag it holds; a 304 answers the same data', async () => {
    const sent: { url: string; init: RequestInit | undefined }[] = [];
    const post = createTransport({
      fetch: async (input, init) => {
        sent.push({ url: String(input), init });
        const etag = '"abc"';
        if (new Headers(init?.headers).get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag, 'X-Server-Time': '5000' } });
        return Response.json({ code: 0, msg: '', data: { interval: '1m', bars: [], serverTime: 4_000 } }, { headers: { ETag: etag } });
      },
      session,
      now: () => 0,
      onSample: () => undefined,
      onUnauthorized: () => undefined,
    });
    const signal = new AbortController().signal;
    const first = await post('product/kdata', { interval: '1m', id: 7, since: 60_000 }, signal);
    const second = await post('product/kdata', { interval: '1m', id: 7, since: 60_000 }, signal);
    expect(second).toBe(first);
    expect(sent.map((r) => r.url)).toEqual(['http://x/api/product/kdata?id=7&interval=1m&since=60000', 'http://x/api/product/kdata?id=7&interval=1m&since=60000']);
    expect(sent.map((r) => r.init?.method)).toEqual(['GET', 'GET']);
    expect(sent.map((r) => new Headers(r.init?.headers).get('If-None-Match'))).toEqual([null, '"abc"']);
    expect(sent.map((r) => new Headers(r.init?.headers).get('Authorization'))).toEqual([null, null]);
  });

  it("keeps a member's paths as POST with the token and never sends a tag", async () => {
    const sent: RequestInit[] = [];
    const post = createTransport({
      fetch: async (_input, init) => {
        sent.push(init ?? {});
        return Response.json({ code: 0, msg: '', data: { items: [], serverTime: 1 } }, { headers: { ETag: '"x"' } });
      },
      session,
      now: () => 0,
      onSample: () => undefined,
      onUnauthorized: () => undefined,
    });
    await post('order/hold_list', {}, new AbortController().signal);
    await post('order/hold_list', {}, new AbortController().signal);
    expect(sent.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(sent.map((r) => new Headers(r.headers).get('Authorization'))).toEqual(['tok-1', 'tok-1']);
    expect(sent.map((r) => new Headers(r.headers).get('If-None-Match'))).toEqual([null, null]);
  });
});

describe('failures', () => {
  it("reject with the page's one failure: the error body, its status, key and fields", async () => {
    const body = { code: 4001, msg: 'error.validation', data: { fields: { amount: 'field.invalid' } } };
    const post = createTransport({
      fetch: async () => new Response(JSON.stringify(body), { status: 400, headers: { 'Content-Type': 'application/json' } }),
      session: () => ({ apiBase: 'http://x/api', token: 'tok', lang: 'en' }),
      now: () => 0,
      onSample: () => undefined,
      onUnauthorized: () => undefined,
    });
    const error: unknown = await post('order/hold_list', {}, new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toEqual(body);
    const failure = error as ApiFailure;
    expect([failure.status, failure.key, failure.fields]).toEqual([400, 'error.validation', { amount: 'field.invalid' }]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ClockSample } from '../streams/inputs.ts';
import { clockSample, createTransport } from './transport.ts';

const OFFSET = 600_000;

describe('clock samples from answers (issue 21: a busy server does not shift the countdowns)', () => {
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
});

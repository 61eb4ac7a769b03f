import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness.ts';

const s = useTestServer();

describe('Server-Timing on API answers (clock samples that a busy server does not skew)', () => {
  it("says how long the answer took after its serverTime, so a client can take it out of the round trip", async () => {
    const res = await s.app.request('/api/product/list', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { serverTime: number } };
    expect(body.data.serverTime).toBe(s.clock.now());
    // The test's clock stands still while the answer is made: no time worked on it after serverTime.
    expect(res.headers.get('server-timing')).toBe('app;dur=0');
  });
});

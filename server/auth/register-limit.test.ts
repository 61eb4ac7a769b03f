import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness.ts';

// In-process requests have no socket ('local'); trusting it lets the test say where a request comes from.
const s = useTestServer({ TRUST_PROXY: ['local'], REGISTER_PER_HOUR: 3 });
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('registration (it once had no limit at all)', () => {
  it('registration is limited per address', async () => {
    const reg = (n: number) => ({ username: `lim${n}x${process.pid % 1000}`, phone: `1390000${String(1000 + n)}`, password: 'secret123', confirmPassword: 'secret123', inviteCode: 'WELCOME1' });
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await s.call('user/register', reg(i), from('192.0.2.200'))).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect((await s.call('user/register', reg(9), from('192.0.2.201'))).status).toBe(200);
  });
});

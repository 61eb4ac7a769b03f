import { describe, expect, it } from 'vitest';
import { startServices } from '../services.ts';
import { useTestServer } from '../testing/harness.ts';
import { DEMO_REASON, DemoApprover, approveDue } from './demo-approver.ts';
import { balances, jpeg, PIN, png, readyMember, tempUploadDir, withdrawal } from '../testing/money.ts';

const DELAY = 60_000;
const s = useTestServer({ UPLOAD_DIR: tempUploadDir(), DEMO_AUTO_APPROVE_MS: DELAY });

describe('demo mode: reviews approve themselves after DEMO_AUTO_APPROVE_MS', () => {
  it('approves deposits, withdrawals, refunds and identity checks once they are due by the server clock', async () => {
    const m = await readyMember(s, '100.00');
    await s.call('user/deposit', { method: 'bank', amount: '200.00', reference: 'demo' }, { token: m.token });
    await s.call('wallet/bankWithdrawal', withdrawal('30.00'), { token: m.token });
    await s.call('wallet/submit', { nationality: 'VN', name: 'D', idNumber: 'D1', lostAmount: '5.00', refundNumber: 'D-1', payPassword: PIN }, { token: m.token });
    await s.call('user/bind_idcard', { realName: 'Demo', idNumber: 'DEMO12345', front: png(600, 400), back: jpeg(600, 400) }, { token: m.token });

    s.clock.advance(DELAY - 1);
    expect(await approveDue(s.deps)).toBe(0);
    s.clock.advance(1);
    expect(await approveDue(s.deps)).toBe(4);
    const b = await balances(s, m.token);
    expect([b.balance, b.available, b.frozen]).toEqual(['275.00', '275.00', '0.00']); // 100 + 200 - 30 + 5
    expect(b.requests.every((r) => r.status === 'success' && r.reason === DEMO_REASON)).toBe(true);
    const d = (await s.call('user/details', {}, { token: m.token })).body.data as { level: number; verified: boolean };
    expect(d).toMatchObject({ level: 2, verified: true });
    expect(await approveDue(s.deps)).toBe(0);
  });

  it('runs as a service only when asked for, and stops cleanly', async () => {
    const on = await startServices(s.deps);
    expect(on.map((x) => x.name)).toContain('demo-approver');
    for (const x of on) await x.stop();
    const off = await startServices({ ...s.deps, config: { ...s.deps.config, DEMO_AUTO_APPROVE_MS: 0 } });
    expect(off.map((x) => x.name)).not.toContain('demo-approver');
    for (const x of off) await x.stop();
    const service = new DemoApprover(s.deps).start();
    expect(await service.runOnce()).toBe(0);
    await service.stop();
  });
});

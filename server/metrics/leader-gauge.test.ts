import { describe, expect, it } from 'vitest';
import { soleLeader, type Leadership, type StartJob } from '../leader.ts';
import type { Service } from '../service.ts';
import { withLeaderGauge } from './leader-gauge.ts';
import { Metrics } from './metrics.ts';

const leading = async (m: Metrics) => Object.fromEntries((await m.jobLeader.get()).values.map((v) => [v.labels['job'], v.value]));
const job = (name: string): Service => ({ name, stop: () => undefined });

describe('job_leader', () => {
  it('is 1 for every job the sole leader (PGlite) runs, and 0 once stopped', async () => {
    const m = new Metrics();
    const leadership = withLeaderGauge(soleLeader, m.jobLeader);
    const accrual = await leadership.lead('accrual', () => job('accrual'));
    await leadership.lead('cashback', () => job('cashback'));
    expect(await leading(m)).toEqual({ accrual: 1, cashback: 1 });
    await accrual.stop();
    expect(await leading(m)).toEqual({ accrual: 0, cashback: 1 });
  });

  it('is 0 while standing by, 1 from the takeover, and 0 again when the lead is lost', async () => {
    // A leadership whose lock is held elsewhere until the test hands it over, as PgLeadership's beat would.
    let takeOver: (() => Promise<Service>) | undefined;
    const standby: Leadership = {
      async lead(name, start: StartJob) {
        takeOver = async () => start();
        return job(name);
      },
    };
    const m = new Metrics();
    await withLeaderGauge(standby, m.jobLeader).lead('settlement', () => job('settlement'));
    expect(await leading(m)).toEqual({ settlement: 0 });
    const running = await (takeOver ?? (() => Promise.reject(new Error('never stood by'))))();
    expect(await leading(m)).toEqual({ settlement: 1 });
    await running.stop();
    expect(await leading(m)).toEqual({ settlement: 0 });
  });
});

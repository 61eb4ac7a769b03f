import type { Gauge } from 'prom-client';
import type { Leadership } from '../leader.ts';

/**
 * `leadership` with job_leader{job} kept: 0 while this instance stands by for a job, 1 from the moment its
 * service started here until it stops (lost lead, or shutdown). Only the jobs this instance takes part in appear.
 */
export function withLeaderGauge(leadership: Leadership, gauge: Gauge<'job'>): Leadership {
  return {
    async lead(job, start) {
      const led = gauge.labels(job);
      led.set(0);
      const standing = await leadership.lead(job, async () => {
        const running = await start();
        led.set(1);
        return {
          name: running.name,
          async stop() {
            led.set(0);
            await running.stop();
          },
        };
      });
      return {
        name: standing.name,
        async stop() {
          await standing.stop();
          led.set(0);
        },
      };
    },
  };
}

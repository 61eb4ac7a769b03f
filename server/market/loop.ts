import type { Clock } from '../clock.ts';
import type { Service } from '../service.ts';

/**
 * Runs `work` every `periodMs`, aligned to the clock's period boundaries (so the feed steps on the second),
 * never overlapping itself; stop() waits for a run in flight so the database is not closed under it.
 */
export function every(name: string, clock: Clock, periodMs: number, work: () => Promise<void>): Service {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const delay = () => periodMs - (clock.now() % periodMs) + 5;
  const run = () => {
    inFlight = work()
      .catch((e: unknown) => console.error(`[${name}] failed`, e))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, delay());
      });
  };
  timer = setTimeout(run, delay());
  return {
    name,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}

import { log } from '../log.ts';
import type { Deps } from '../deps.ts';
import type { Service } from '../service.ts';
import { approve, pendingReviews, ReviewError } from './reviews.ts';

export const DEMO_REASON = 'Approved automatically (demo mode)';

/**
 * Demo mode only (DEMO_AUTO_APPROVE_MS > 0): approves every review once it has waited that long by the
 * server's clock, so someone trying the app sees deposits credited and withdrawals paid without an operator.
 */
export async function approveDue(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let approved = 0;
  for (const item of await pendingReviews(deps.db, undefined, now - deps.config.DEMO_AUTO_APPROVE_MS)) {
    try {
      await approve(deps.db, item.kind, item.id, { now, reason: DEMO_REASON });
      approved += 1;
    } catch (e) {
      // Decided meanwhile by an operator: nothing left to do.
      if (!(e instanceof ReviewError)) throw e;
    }
  }
  return approved;
}

export class DemoApprover implements Service {
  readonly name = 'demo-approver';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly deps: Deps) {}

  start(): this {
    // Look a few times per delay, at most once a second, so an approval lands close to when it is due.
    const every = Math.min(Math.max(Math.floor(this.deps.config.DEMO_AUTO_APPROVE_MS / 4), 250), 1000);
    this.timer = setInterval(() => void this.runOnce(), every);
    this.timer.unref();
    return this;
  }

  /** One sweep; a sweep already in flight is joined rather than doubled. */
  runOnce(): Promise<number> {
    this.running ??= approveDue(this.deps)
      .catch((e: unknown) => {
        log.error('demo-approver: sweep failed', { err: e });
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

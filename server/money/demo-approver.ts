import { log } from '../log.ts';
import type { Deps } from '../deps.ts';
import { Periodic } from '../periodic.ts';
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

export class DemoApprover extends Periodic<number> {
  constructor(deps: Deps) {
    super({
      name: 'demo-approver',
      // Look a few times per delay, at most once a second, so an approval lands close to when it is due.
      everyMs: Math.min(Math.max(Math.floor(deps.config.DEMO_AUTO_APPROVE_MS / 4), 250), 1000),
      atStart: false,
      pass: () => approveDue(deps),
      failed: (e) => {
        log.error('demo-approver: sweep failed', { err: e });
        return 0;
      },
    });
  }
}

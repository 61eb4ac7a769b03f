import type { Deps } from '../deps.ts';
import { every } from '../market/loop.ts';
import type { Service } from '../service.ts';
import { drainCashbackQueue } from './queue.ts';

/** How often the queue is looked at: cashback shows up well within a second of settlement, at one query per look. */
const CASHBACK_EVERY_MS = 500;

/**
 * Pays queued referral cashback (server/referral/queue.ts) on its own loop, apart from settlement. On start it
 * first pays whatever a crash or a stop left queued, before the loop begins.
 */
export async function startCashbackService(deps: Deps): Promise<Service> {
  const caughtUp = await drainCashbackQueue(deps.db);
  if (caughtUp.orders > 0) console.log(`[cashback] paid ${caughtUp.paid} cashback entries for ${caughtUp.orders} orders queued while stopped.`);
  return every('cashback', deps.clock, CASHBACK_EVERY_MS, async () => {
    await drainCashbackQueue(deps.db);
  });
}

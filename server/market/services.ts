import type { Deps } from '../deps.ts';
import type { Service } from '../services.ts';
import { SettlementScheduler } from './scheduler.ts';
import { createMarketFeed, runMarketFeed } from './service.ts';
import { SettlementEngine, type SettledListener } from './settlement.ts';

export interface MarketServicesOptions {
  /** Called inside the settlement transaction with each settled batch (queueing referral cashback); keep them light. */
  readonly onSettled?: readonly SettledListener[];
}

/**
 * The market's background work, in the order a restart needs: the feed resumes first (backfill on a first
 * start, the downtime filled after a restart, the watermark raised to now), then orders that fell due meanwhile
 * settle at the recorded price of their own settle time, then the feed loop and the settlement scheduler run.
 */
export async function startMarketServices(deps: Deps, opts: MarketServicesOptions = {}): Promise<Service[]> {
  const market = await createMarketFeed(deps.db, deps.config.REPLAY_DIR);
  const resumed = await market.resume(deps.clock.now());
  const engine = new SettlementEngine(deps.db);
  for (const listener of opts.onSettled ?? []) engine.onSettled(listener);
  const caughtUp = await engine.settleDue(deps.clock.now());
  console.log(`[market] ${market.feed.name}: resumed with ${resumed.candles} candles and ${resumed.ticks} ticks; settled ${caughtUp} orders that fell due while stopped.`);
  const scheduler = new SettlementScheduler(deps.clock, engine);
  market.onFinal = (t) => scheduler.watermarkRose(t);
  const unlisten = deps.signals.onOrderPlaced((t) => scheduler.orderPlaced(t));
  scheduler.start();
  const feed = runMarketFeed(deps, market);
  return [
    feed,
    {
      name: scheduler.name,
      async stop() {
        unlisten();
        await scheduler.stop();
      },
    },
  ];
}

import type { Deps } from '../deps.ts';
import { soleLeader, type Leadership } from '../leader.ts';
import type { Service } from '../service.ts';
import { SettlementScheduler } from './scheduler.ts';
import { createMarketFeed, runMarketFeed } from './service.ts';
import type { SettledStep } from './settle-statement.ts';
import { SettlementEngine, type SettledListener } from './settlement.ts';

export interface MarketServicesOptions {
  /** Run in the settlement transaction on each settled batch (queueing referral cashback); keep them light. */
  readonly onSettled?: readonly (SettledListener | SettledStep)[];
  /** Who runs the feed and settlement (leader.ts); this process alone unless told otherwise. */
  readonly leadership?: Leadership;
}

/**
 * The market's background work, two singleton jobs. The feed resumes first (backfill on a first start, the
 * downtime filled after a restart, the watermark raised to now), then its loop steps every second. Settlement
 * catches up on orders that fell due meanwhile, at the recorded price of their own settle time (those the
 * watermark has not reached yet wait for it), then its scheduler settles each order at its time. When both run
 * in this process, the feed's watermark wakes settlement directly; otherwise settlement polls for it.
 */
export async function startMarketServices(deps: Deps, opts: MarketServicesOptions = {}): Promise<Service[]> {
  const leadership = opts.leadership ?? soleLeader;
  let scheduler: SettlementScheduler | undefined;
  const feed = await leadership.lead('market-feed', async () => {
    const market = await createMarketFeed(deps.db, deps.config);
    const resumed = await market.resume(deps.clock.now());
    console.log(`[market] ${market.feed.name}: resumed with ${resumed.candles} candles and ${resumed.ticks} ticks.`);
    market.onFinal = (t) => {
      scheduler?.watermarkRose(t);
      deps.live.watermarkRose(t);
    };
    return runMarketFeed(deps, market);
  });
  const settlement = await leadership.lead('settlement', async () => {
    const engine = new SettlementEngine(deps.db, { onLag: deps.metrics.observeSettlementLag });
    for (const listener of opts.onSettled ?? []) engine.onSettled(listener);
    const caughtUp = await engine.settleDue(deps.clock.now());
    console.log(`[market] settled ${caughtUp} orders that fell due while stopped.`);
    const mine = new SettlementScheduler(deps.clock, engine);
    const unlisten = deps.signals.onOrderPlaced((t) => mine.orderPlaced(t));
    scheduler = mine.start();
    return {
      name: mine.name,
      async stop() {
        unlisten();
        if (scheduler === mine) scheduler = undefined;
        await mine.stop();
      },
    };
  });
  return [feed, settlement];
}

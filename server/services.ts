import { startSessionPruner } from './auth/sessions.ts';
import type { Deps } from './deps.ts';
import { AccrualService } from './earn/service.ts';
import { leadershipFor, type Leadership } from './leader.ts';
import { withLeaderGauge } from './metrics/leader-gauge.ts';
import { DemoApprover } from './money/demo-approver.ts';
import { startMarketServices } from './market/services.ts';
import { listenForWatermarks, postgresConfigOf } from './market/watermark-listener.ts';
import { queueCashbackOnSettled } from './referral/on-settled.ts';
import { startCashbackService } from './referral/service.ts';
import type { Service } from './service.ts';

/**
 * Starts every background service; domains add theirs here. Each is a singleton job: on PostgreSQL one instance
 * leads it and the others stand by (leader.ts); on PGlite this process leads them all.
 */
export async function startServices(deps: Deps, given: Leadership = leadershipFor(deps.db)): Promise<Service[]> {
  const leadership = withLeaderGauge(given, deps.metrics.jobLeader);
  const services: Service[] = [await leadership.lead('accrual', () => new AccrualService(deps).start())];
  // Every instance serves live streams, whichever one runs the feed: each hears the watermark by NOTIFY.
  const postgres = postgresConfigOf(deps.db);
  if (postgres) services.push(listenForWatermarks(postgres, (w) => deps.live.watermarkRose(w)));
  // Demo mode: reviews approve themselves after DEMO_AUTO_APPROVE_MS; off (0) unless asked for.
  if (deps.config.DEMO_AUTO_APPROVE_MS > 0) services.push(await leadership.lead('demo-approver', () => new DemoApprover(deps).start()));
  // Market feed and settlement; tests turn MARKET_FEED off and drive both with the manual clock.
  // Settlement only queues each order's referral cashback; the cashback service pays it in its own transactions.
  if (deps.config.MARKET_FEED) services.push(...(await startMarketServices(deps, { onSettled: [queueCashbackOnSettled], leadership })));
  // After the market's start-up settlement, so orders that fell due while stopped are paid in the same catch-up.
  // Started whatever MARKET_FEED says: a queue left by an earlier run is paid even with the feed off.
  services.push(await leadership.lead('cashback', () => startCashbackService(deps)));
  services.push(await leadership.lead('session-pruning', () => startSessionPruner(deps)));
  return services;
}

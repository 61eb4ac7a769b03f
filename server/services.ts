import { startSessionPruner } from './auth/sessions.ts';
import type { Deps } from './deps.ts';
import { AccrualService } from './earn/service.ts';
import { DemoApprover } from './money/demo-approver.ts';
import { startMarketServices } from './market/services.ts';
import { queueCashbackOnSettled } from './referral/on-settled.ts';
import { startCashbackService } from './referral/service.ts';

/** A background loop of the server (market feed, settlement, accrual); stopped on shutdown. */
export interface Service {
  readonly name: string;
  stop(): Promise<void> | void;
}

/** Starts every background service; domains add theirs here. */
export async function startServices(deps: Deps): Promise<Service[]> {
  const services: Service[] = [new AccrualService(deps).start(), startSessionPruner(deps)];
  // Demo mode: reviews approve themselves after DEMO_AUTO_APPROVE_MS; off (0) unless asked for.
  if (deps.config.DEMO_AUTO_APPROVE_MS > 0) services.push(new DemoApprover(deps).start());
  // Market feed and settlement; tests turn MARKET_FEED off and drive both with the manual clock.
  // Settlement only queues each order's referral cashback; the cashback service pays it in its own transactions.
  if (deps.config.MARKET_FEED) services.push(...(await startMarketServices(deps, { onSettled: [queueCashbackOnSettled] })));
  // After the market's start-up settlement, so orders that fell due while stopped are paid in the same catch-up.
  // Started whatever MARKET_FEED says: a queue left by an earlier run is paid even with the feed off.
  services.push(await startCashbackService(deps));
  return services;
}

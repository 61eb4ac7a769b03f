import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { LiveMarket } from './market/live-market.ts';
import type { MarketSignals } from './market/signals.ts';
import type { Metrics } from './metrics/metrics.ts';

/** Everything a route needs, passed explicitly so tests build the app without a socket. */
export interface Deps {
  readonly db: Db;
  readonly config: Config;
  readonly clock: Clock;
  /** Validate every answer against the contract too (tests); off in production for speed. */
  readonly checkResponses: boolean;
  /** In-process news for the background jobs (an order placed wakes settlement). */
  readonly signals: MarketSignals;
  /** This instance's live market streams (GET product/live), woken by each new watermark. */
  readonly live: LiveMarket;
  /** This instance's Prometheus metrics (server/metrics/), served on METRICS_PORT. */
  readonly metrics: Metrics;
}

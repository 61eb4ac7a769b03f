import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import { watchPool } from './db-pool.ts';
import { RequestMetrics } from './request-metrics.ts';

/** Lateness buckets in seconds: settlement aims at well under 100 ms; the long tail is a catch-up after downtime. */
const LAG_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * This instance's metrics, on a registry of its own (never prom-client's global one): a test process starts
 * several servers, and each must count only its own traffic. Served by the metrics listener (listener.ts).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests: RequestMetrics;
  readonly ordersCreated: Counter;
  /** Refused by the order's own rules (balance, market closed, …): label `reason`, the error key (a fixed set). */
  readonly orderFailures: Counter<'reason'>;
  /** settled_at − settle_time of each order, observed by the instance that settled it. */
  readonly settlementLag: Histogram;
  readonly jobLeader: Gauge<'job'>;
  readonly microCacheHits: Counter<'route'>;
  readonly microCacheMisses: Counter<'route'>;
  readonly liveStreams: Gauge;

  constructor(db?: Db) {
    const registers = [this.registry];
    this.requests = new RequestMetrics(
      new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern, method and status.', labelNames: ['route', 'method', 'status'], registers }),
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time to the answer\'s headers (a stream\'s life is not in it), by route pattern and method.',
        labelNames: ['route', 'method'],
        buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers,
      }),
    );
    this.ordersCreated = new Counter({ name: 'orders_created_total', help: 'Orders placed (a replayed Idempotency-Key answer is not counted again).', registers });
    this.orderFailures = new Counter({ name: 'order_create_failures_total', help: 'order/create refused by the order\'s rules, by error key.', labelNames: ['reason'], registers });
    this.settlementLag = new Histogram({ name: 'settlement_lag_seconds', help: 'Settled-at minus settle time of each order this instance settled.', buckets: LAG_BUCKETS, registers });
    this.jobLeader = new Gauge({ name: 'job_leader', help: '1 while this instance leads the singleton job, 0 while it stands by.', labelNames: ['job'], registers });
    this.microCacheHits = new Counter({ name: 'micro_cache_hits_total', help: 'Public market reads answered from the one-second cache (in flight or computed).', labelNames: ['route'], registers });
    this.microCacheMisses = new Counter({ name: 'micro_cache_misses_total', help: 'Public market reads that computed their answer.', labelNames: ['route'], registers });
    this.liveStreams = new Gauge({ name: 'live_streams_open', help: 'Live market event streams (GET /api/product/live) open now.', registers });
    if (db) watchPool(db, this.registry);
  }

  /** Settlement's lag observer: `count` orders settled `lagMs` after their settle time. */
  readonly observeSettlementLag = (lagMs: number, count: number): void => {
    const seconds = Math.max(0, lagMs) / 1000;
    for (let i = 0; i < count; i++) this.settlementLag.observe(seconds);
  };
}

import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { lockDataDir } from './db/dir-lock.ts';
import { migrate } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { makeDeps, openDatabase } from './make-deps.ts';
import { serveMetrics } from './metrics/listener.ts';
import { observeRequests } from './metrics/observe-requests.ts';
import { seedIfEmpty } from './seed.ts';
import { handoverRoute } from './http/handover.ts';
import { healthRoutes } from './http/health.ts';
import { listen } from './http/listen.ts';
import { serveApp } from './static.ts';
import type { Service } from './service.ts';
import { startServices } from './services.ts';
import { operatorEndpoint, publishOperator } from './operator/endpoint.ts';

export interface Running {
  readonly url: string;
  /** The metrics listener's scrape URL; null without METRICS_PORT. */
  readonly metricsUrl: string | null;
  readonly deps: Deps;
  readonly seeded: boolean;
  /**
   * The graceful stop (SIGTERM/SIGINT; called again, the same stop): /readyz turns 503 at once, streams end, no new
   * connection is taken, requests in flight finish (within SHUTDOWN_GRACE_MS), jobs stop and release their locks.
   */
  stop(): Promise<void>;
}

export async function startServer(config: Config): Promise<Running> {
  // The embedded database is one process's: refuse to start on a DATA_DIR another live process holds.
  let release: () => void = () => undefined;
  if (!config.DATABASE_URL) {
    mkdirSync(resolve(config.DATA_DIR), { recursive: true });
    release = lockDataDir(resolve(config.DATA_DIR), 'server');
  }
  try {
    return await startOn(config, release);
  } catch (e) {
    release();
    throw e;
  }
}

async function startOn(config: Config, release: () => void): Promise<Running> {
  const database = await openDatabase(config);
  await migrate(database);
  const deps = makeDeps(database, config);
  const seeded = await seedIfEmpty(deps.db, deps.clock.now(), { demo: config.DEMO });
  const root = new Hono();
  let draining = false;
  // Before the request log: a balancer's probes every few seconds are neither logged nor counted as traffic.
  healthRoutes(root, { db: deps.db, draining: () => draining });
  // Likewise the update prompt's hidden frame, once a second while a new version waits.
  handoverRoute(root);
  // Then every other answer (API, pages, operator) is counted, logged and carries its X-Request-Id.
  root.use('*', observeRequests(deps.metrics, { accessLog: config.ACCESS_LOG, instance: config.INSTANCE_ID }));
  const { secret } = operatorEndpoint(root, deps);
  root.route('/', createApp(deps));
  serveApp(root, config.STATIC_DIR, config.WEB_NAME);
  const services: Service[] = await startServices(deps);
  const listening = await listen(root.fetch, config);
  const { url } = listening;
  // The operator tool reaches the server holding the embedded database over loopback; with TLS on, a plain
  // loopback listener of its own, so the tool needs no trust in the certificate (made for a public name).
  const loopback = config.DATABASE_URL ? null : new URL(url).protocol === 'https:' ? await listen(root.fetch, { ...config, PORT: 0, HOST: '127.0.0.1', TLS_CERT_FILE: undefined, TLS_KEY_FILE: undefined }) : null;
  const operatorUrl = new URL(loopback?.url ?? url);
  operatorUrl.hostname = '127.0.0.1';
  const unpublish = config.DATABASE_URL ? () => undefined : publishOperator(resolve(config.DATA_DIR), operatorUrl.origin, secret);
  const metrics = config.METRICS_PORT > 0 ? await serveMetrics(deps.metrics, config.METRICS_HOST, config.METRICS_PORT) : null;
  let stopped: Promise<void> | undefined;
  const stop = async () => {
    draining = true;
    unpublish();
    // Open streams end first, or the listeners would wait for them; their clients resume from their cursors.
    deps.live.stop();
    const closed = Promise.all([loopback?.close(), listening.close()]);
    // Meanwhile the jobs stop, side by side, each releasing its lock as it does (leader.ts): a standby takes each
    // over at once, not after the jobs stopped before it.
    await Promise.all(services.map((s) => s.stop()));
    await closed;
    await metrics?.close();
    await database.close();
    release();
  };
  return {
    url,
    metricsUrl: metrics?.url ?? null,
    deps,
    seeded,
    stop: () => (stopped ??= stop()),
  };
}

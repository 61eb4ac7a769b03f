import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import type { Metrics } from './metrics.ts';

export interface MetricsListener {
  /** Where Prometheus scrapes: http://host:port/metrics. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The metrics on a listener of their own (METRICS_HOST:METRICS_PORT, loopback by default), never on the public
 * one: what runs, how busy it is and which jobs this instance leads are for the operator's scraper, not for the
 * internet. Node's default metrics (memory, event loop delay, GC) join the registry here, only when served.
 */
export function serveMetrics(metrics: Metrics, host: string, port: number): Promise<MetricsListener> {
  if (!metrics.registry.getSingleMetric('process_cpu_seconds_total')) collectDefaultMetrics({ register: metrics.registry });
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${e instanceof Error ? e.message : String(e)}\n`),
    );
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      const { port: bound } = server.address() as AddressInfo;
      const shown = host.includes(':') ? `[${host}]` : host;
      ok({
        url: `http://${shown}:${bound}/metrics`,
        close: () => new Promise<void>((closed) => {
          server.close(() => closed());
          server.closeAllConnections();
        }),
      });
    });
  });
}

import type { Counter, Histogram } from 'prom-client';

interface RouteMethod {
  readonly duration: Histogram.Internal<'route' | 'method'>;
  readonly byStatus: Map<number, Counter.Internal>;
}

/**
 * http_requests_total and http_request_duration_seconds with their label children kept per (route, method,
 * status): a request costs two map lookups and no label object. Labels are bounded by the caller (routeLabel,
 * methodLabel), so these maps stay as small as the route table.
 */
export class RequestMetrics {
  private readonly children = new Map<string, Map<string, RouteMethod>>();

  constructor(
    private readonly count: Counter<'route' | 'method' | 'status'>,
    private readonly duration: Histogram<'route' | 'method'>,
  ) {}

  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.children.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.children.set(route, byMethod);
    }
    let entry = byMethod.get(method);
    if (!entry) {
      entry = { duration: this.duration.labels(route, method), byStatus: new Map() };
      byMethod.set(method, entry);
    }
    let counter = entry.byStatus.get(status);
    if (!counter) {
      counter = this.count.labels(route, method, String(status));
      entry.byStatus.set(status, counter);
    }
    counter.inc();
    entry.duration.observe(seconds);
  }
}

import type { Clock } from '../clock.ts';

/**
 * Fixed-window counters of failed attempts per key (a username, an IP). In memory: the reference server is
 * one process; a fleet would keep these in the database.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  blocked(key: string): boolean {
    const h = this.hits.get(key);
    return !!h && h.resetAt > this.clock.now() && h.count >= this.limit;
  }

  fail(key: string): void {
    const now = this.clock.now();
    const h = this.hits.get(key);
    if (!h || h.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    else h.count += 1;
    if (this.hits.size > 50_000) this.sweep(now);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [k, h] of this.hits) if (h.resetAt <= now) this.hits.delete(k);
  }
}

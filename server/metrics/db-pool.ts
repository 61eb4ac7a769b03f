import pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client.ts';

/**
 * The PostgreSQL pool's state, read at each scrape. PGlite has no pool (one in-process connection that queues
 * its queries), so nothing is reported there rather than numbers that would mean something else. The connections
 * that hold job leadership (leader.ts) and LISTEN for watermarks are outside the pool and not counted.
 */
export function watchPool(db: Db, registry: Registry): void {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return;
  const pool = client;
  const registers = [registry];
  new Gauge({ name: 'db_pool_connections_in_use', help: 'Pool connections checked out by a query or transaction.', registers, collect() { this.set(pool.totalCount - pool.idleCount); } });
  new Gauge({ name: 'db_pool_connections_idle', help: 'Pool connections open and idle.', registers, collect() { this.set(pool.idleCount); } });
  new Gauge({ name: 'db_pool_waiting', help: 'Queries waiting for a pool connection (the pool is at DATABASE_POOL).', registers, collect() { this.set(pool.waitingCount); } });
}

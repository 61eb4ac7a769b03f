import { sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { latestMigration } from '../db/migrate.ts';
import { rows } from '../db/rows.ts';

/** A database that takes longer than this to say `select 1` counts as down for routing. */
const READY_TIMEOUT_MS = 1000;

export interface ReadinessProbe {
  readonly db: Db;
  /** True from the moment a graceful stop begins: the balancer should send nothing new here. */
  draining(): boolean;
  readonly timeoutMs?: number;
}

export type Readiness = { readonly ready: true } | { readonly ready: false; readonly failed: 'draining' | 'database' | 'migrations' };

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Draining first (no database call then), then `select 1`, then the newest migration this build expects. */
export async function readiness(probe: ReadinessProbe, latest = latestMigration()): Promise<Readiness> {
  if (probe.draining()) return { ready: false, failed: 'draining' };
  const ms = probe.timeoutMs ?? READY_TIMEOUT_MS;
  try {
    await within(ms, probe.db.execute(sql`SELECT 1`));
  } catch {
    return { ready: false, failed: 'database' };
  }
  try {
    const [row] = await within(ms, rows<{ applied: boolean }>(probe.db, sql`SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = ${latest}) AS applied`));
    if (row?.applied !== true) return { ready: false, failed: 'migrations' };
  } catch {
    return { ready: false, failed: 'migrations' };
  }
  return { ready: true };
}

const answer = (c: Context, status: 200 | 503, body: Record<string, string>) => {
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
};

/**
 * GET (and HEAD) /healthz: the process answers (no database call). /readyz: it should get traffic (the database
 * answers, its migrations are this build's, it is not draining); 503 names the check that failed. Mounted on the
 * root app before everything else: no session, no rate limit, no page fallback, nothing of a member's.
 */
export function healthRoutes(app: Hono, probe: ReadinessProbe): void {
  app.get('/healthz', (c) => answer(c, 200, { status: 'ok' }));
  app.get('/readyz', async (c) => {
    const r = await readiness(probe);
    return r.ready ? answer(c, 200, { status: 'ok' }) : answer(c, 503, { status: 'unavailable', failed: r.failed });
  });
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.ts';
import { openPglite } from '../db/client.ts';
import { serveApp } from '../static.ts';
import { freshDatabase } from '../testing/harness.ts';
import { healthRoutes, readiness } from './health.ts';

const dir = mkdtempSync(join(tmpdir(), 'candlewick-health-'));
let database: Database;
let draining = false;
let app: Hono;

beforeAll(async () => {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>the page</title>');
  database = await freshDatabase();
  app = new Hono();
  healthRoutes(app, { db: database.db, draining: () => draining });
  // The page answers every other path, as in start.ts.
  serveApp(app, dir);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('/healthz and /readyz', () => {
  it('answer 200 ok as JSON, never stored, on a healthy instance', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'ok' });
    }
  });

  it('answer HEAD with the status and no body', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await app.request(path, { method: 'HEAD' });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe('');
    }
  });

  it('are not the page: the HTML fallback answers only other paths', async () => {
    expect(await (await app.request('/healthz')).text()).not.toContain('<title>');
    expect(await (await app.request('/healthzz')).text()).toContain('the page');
  });

  it('readyz is 503 "draining" once a graceful stop began, while healthz still answers', async () => {
    draining = true;
    try {
      const res = await app.request('/readyz');
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'unavailable', failed: 'draining' });
      expect((await app.request('/readyz', { method: 'HEAD' })).status).toBe(503);
      expect((await app.request('/healthz')).status).toBe(200);
    } finally {
      draining = false;
    }
  });

  it('readyz is 503 "migrations" when the database lacks the newest migration this build expects', async () => {
    const probe = { db: database.db, draining: () => false };
    expect(await readiness(probe)).toEqual({ ready: true });
    expect(await readiness(probe, '9999_not_yet.sql')).toEqual({ ready: false, failed: 'migrations' });
    // A database never migrated at all has no schema_migrations table.
    const bare = await openPglite(undefined);
    try {
      expect(await readiness({ db: bare.db, draining: () => false })).toEqual({ ready: false, failed: 'migrations' });
    } finally {
      await bare.close();
    }
  });

  it('readyz is 503 "database" when the database does not answer in time', async () => {
    let asked = 0;
    // A database that never answers (a hung server, a full pool): the probe gives up after its short timeout.
    const hung = { execute: () => (asked++, new Promise<never>(() => undefined)) } as unknown as Db;
    expect(await readiness({ db: hung, draining: () => false, timeoutMs: 20 })).toEqual({ ready: false, failed: 'database' });
    expect(asked).toBe(1);
  });

  it('readyz is 503 "database" once the database is closed', async () => {
    const closing = await freshDatabase();
    const own = new Hono();
    healthRoutes(own, { db: closing.db, draining: () => false });
    expect((await own.request('/readyz')).status).toBe(200);
    await closing.close();
    const res = await own.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', failed: 'database' });
    expect((await own.request('/healthz')).status).toBe(200);
  });
});

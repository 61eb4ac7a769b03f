import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ApiPath } from '../../src/contract/api.ts';
import { createApp } from '../app.ts';
import { ManualClock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { rows } from '../db/rows.ts';
import type { Deps } from '../deps.ts';
import { seedIfEmpty } from '../seed.ts';
import { makeDeps } from '../make-deps.ts';
import { SNAPSHOT_PATH } from './snapshot-path.ts';

export const T0 = Date.UTC(2026, 10, 2, 14, 30, 0); // a Monday afternoon UTC

export interface TestServer {
  app: Hono;
  deps: Deps;
  database: Database;
  clock: ManualClock;
  /** Calls a contract path; answers the HTTP status and the parsed body. */
  call(path: ApiPath | string, body?: unknown, opts?: { token?: string; headers?: Record<string, string>; raw?: string; method?: string; query?: string }): Promise<{ status: number; body: { code: number; msg: string; data?: unknown } }>;
  /** Registers a fresh member (invited by the demo member unless told otherwise) and answers its token. */
  member(opts?: { inviteCode?: string }): Promise<{ token: string; username: string; id: number }>;
}

/** A fresh database for one test file: the migrated PGlite snapshot, or a new database on DATABASE_URL. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env['DATABASE_URL'];
  if (!url) return openPglite(undefined, new Blob([readFileSync(SNAPSHOT_PATH)]));
  const database = await openPostgres(await createTestDatabase(url));
  await migrate(database);
  return database;
}

/** Creates an empty database named `<prefix>_<random>` on the server of `url` and answers its URL. */
export async function createTestDatabase(url: string, prefix = 'cw_test'): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * One server per test file, with a manual clock, seeded like a first start in demo mode, and the ledger invariant checked
 * after every test: for each member, the sum of ledger entries equals the balance.
 */
export function useTestServer(overrides: Partial<Config> = {}): TestServer {
  const t = {} as TestServer;
  beforeAll(async () => {
    const database = await freshDatabase();
    const clock = new ManualClock(T0);
    // Tests register many members from one (in-process) address; attempts.test.ts checks the limit itself.
    const config = { ...loadConfig({ MARKET_FEED: 'false', REGISTER_PER_HOUR: '1000000' }), ...overrides };
    const deps = makeDeps(database, config, clock, true);
    await seedIfEmpty(deps.db, clock.now(), { demo: true }); // tests invite with WELCOME1
    Object.assign(t, { database, clock, deps, app: createApp(deps) });
  });
  afterAll(async () => {
    await t.database?.close();
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.deps);
  });
  t.call = async (path, body = {}, opts = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers };
    const method = opts.method ?? 'POST';
    const init: RequestInit = method === 'GET' ? { method, headers } : { method, headers, body: opts.raw ?? JSON.stringify(body) };
    const res = await t.app.request(`/api/${path}${opts.query ?? ''}`, init);
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: unknown } };
  };
  let n = 0;
  t.member = async (opts = {}) => {
    n += 1;
    const username = `m${process.pid % 10000}x${n}${randomBytes(2).toString('hex')}`.slice(0, 18);
    const res = await t.call('user/register', { username, phone: '139' + String(10_000_000 + n).slice(-8), password: 'secret123', confirmPassword: 'secret123', inviteCode: opts.inviteCode ?? 'WELCOME1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const token = (res.body.data as { accessToken: string }).accessToken;
    const [row] = await rows<{ id: number }>(t.deps.db, sql`SELECT id FROM users WHERE username = ${username}`);
    return { token, username, id: Number(row?.id) };
  };
  return t;
}

export async function assertLedgerInvariant(deps: Deps | undefined) {
  if (!deps) return;
  const bad = await rows<{ user_id: number; ledger: string; balance: string }>(
    deps.db,
    sql`SELECT a.user_id, COALESCE(l.total, 0)::text AS ledger, (a.available + a.frozen)::text AS balance
        FROM accounts a LEFT JOIN (SELECT user_id, sum(amount) AS total FROM ledger GROUP BY user_id) l ON l.user_id = a.user_id
        WHERE COALESCE(l.total, 0) <> a.available + a.frozen`,
  );
  expect(bad, 'ledger sum differs from balance').toEqual([]);
  const badAvail = await rows<{ user_id: number }>(
    deps.db,
    sql`SELECT a.user_id FROM accounts a LEFT JOIN (SELECT user_id, sum(available_delta) AS total FROM ledger GROUP BY user_id) l ON l.user_id = a.user_id
        WHERE COALESCE(l.total, 0) <> a.available`,
  );
  expect(badAvail, 'ledger available deltas differ from available').toEqual([]);
}

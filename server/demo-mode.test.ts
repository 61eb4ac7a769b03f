import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { ManualClock } from './clock.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { rows } from './db/rows.ts';
import { rechargeSettings } from './money/settings.ts';
import { accessCommands } from './operator/commands/access.ts';
import { DEMO, seedIfEmpty } from './seed.ts';
import { makeDeps } from './make-deps.ts';
import { freshDatabase, T0 } from './testing/harness.ts';

/** The demo member, WELCOME1 and the demo deposit addresses were once seeded in every deployment. */
describe('DEMO', () => {
  it('is on by default for the embedded PGlite, off with DATABASE_URL unless asked for', () => {
    expect(loadConfig({}).DEMO).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/candlewick' }).DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/candlewick', DEMO: 'true' }).DEMO).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).DEMO).toBe(false);
  });
});

describe('a fresh start with DATABASE_URL-style settings', () => {
  let database: Database;
  const config = { ...loadConfig({ DATABASE_URL: 'postgres://db.example/candlewick', MARKET_FEED: 'false' }) };
  const deps = () => makeDeps(database, config, new ManualClock(T0), true);
  const register = (inviteCode: string) =>
    createApp(deps()).request('/api/user/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'first1', phone: '13912345678', password: 'secret123', confirmPassword: 'secret123', inviteCode }),
    });

  beforeAll(async () => {
    database = await freshDatabase();
    expect(await seedIfEmpty(database.db, T0, { demo: config.DEMO })).toBe(true);
  });
  afterAll(async () => {
    await database.close();
  });

  it('has no demo member, no WELCOME1 and no deposit addresses, but has the notices and products', async () => {
    const [counts] = await rows<{ users: number; notices: number; products: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM notices)::int AS notices, (SELECT count(*) FROM earn_products)::int AS products`,
    );
    expect(counts?.users).toBe(0);
    expect(counts?.notices).toBeGreaterThan(0);
    expect(counts?.products).toBeGreaterThan(0);
    expect(await rechargeSettings(database.db)).toEqual({});
    const r = await register(DEMO.inviteCode);
    expect([r.status, ((await r.json()) as { msg: string }).msg]).toEqual([400, 'error.invite_invalid']);
  });

  it('the operator creates the first invitation code, and a first member registers with it', async () => {
    const out = await accessCommands.find((c) => c.name === 'invite-create')?.run(deps(), ['open2026']);
    expect(out).toContain('OPEN2026');
    const r = await register('OPEN2026');
    expect(r.status).toBe(200);
    const [u] = await rows<{ inviter_id: number | null }>(database.db, sql`SELECT inviter_id FROM users WHERE username = 'first1'`);
    expect(u?.inviter_id).toBeNull();
  });
});

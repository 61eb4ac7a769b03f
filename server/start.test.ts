import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from './config.ts';
import { rows } from './db/rows.ts';
import { DEMO } from './seed.ts';
import { startServer, type Running } from './start.ts';
import { createTestDatabase } from './testing/harness.ts';

/**
 * The whole start-up path as `npm start` runs it, over a real socket: an empty DATA_DIR (or a new database on
 * DATABASE_URL) is migrated and seeded once; a second start on the same data neither migrates nor seeds again.
 */
const dir = mkdtempSync(join(tmpdir(), 'candlewick-start-'));
const staticDir = join(dir, 'dist');
const marker = `index-${randomBytes(4).toString('hex')}`;
const migrationFiles = readdirSync(fileURLToPath(new URL('./db/migrations/', import.meta.url))).filter((f) => f.endsWith('.sql'));
let config: Config;
let running: Running | undefined;


const post = (path: string, body: unknown = {}) =>
  fetch(new URL(`api/${path}`, running?.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const count = async (table: 'users' | 'notices' | 'schema_migrations' | 'ledger') =>
  Number((await rows<{ n: number }>(running?.deps.db ?? fail(), sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]?.n);
function fail(): never {
  throw new Error('server not running');
}

beforeAll(async () => {
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), `<!doctype html><title>${marker}</title>`);
  const url = process.env['DATABASE_URL'];
  config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    STATIC_DIR: staticDir,
    WEB_NAME: 'Socket Test',
    MARKET_FEED: 'false',
    // The demo is on by default only on PGlite; this test checks it, whichever database it runs on.
    DEMO: 'true',
    ...(url ? { DATABASE_URL: await createTestDatabase(url, 'cw_test_start') } : {}),
  });
  running = await startServer(config);
});

afterAll(async () => {
  await running?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('first start on empty data', () => {
  it('migrates and seeds the demo member, its invitation code and notices', async () => {
    expect(running?.seeded).toBe(true);
    expect(await count('schema_migrations')).toBe(migrationFiles.length);
    expect(await count('users')).toBe(1);
    expect(await count('notices')).toBeGreaterThanOrEqual(3);
  });

  it('listens on a real port and answers the config over the socket', async () => {
    expect(running?.url).toMatch(/^http:\/\/localhost:[1-9]\d*\/$/);
    const res = await post('common/config');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-server-time')).toMatch(/^\d{13}$/);
    expect(await res.json()).toMatchObject({ code: 0, msg: '', data: { web_name: 'Socket Test' } });
  });

  it('answers index.html for a history-mode path, and JSON 404 for an unknown API path', async () => {
    const page = await fetch(new URL('orderrecord', running?.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(marker);
    const api = await post('user/no_such_path');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ msg: 'error.not_found' });
  });

  it('answers /healthz and /readyz as JSON before the page fallback', async () => {
    for (const path of ['healthz', 'readyz']) {
      const res = await fetch(new URL(path, running?.url));
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'application/json']);
      expect(await res.text()).not.toContain(marker);
    }
  });

  it('lets the seeded demo member log in, and a new member register with the seeded code', async () => {
    const login = await post('user/login', { username: DEMO.username, password: DEMO.password });
    expect(login.status).toBe(200);
    const reg = await post('user/register', { username: 'keeper1', phone: '13911112222', password: 'secret123', confirmPassword: 'secret123', inviteCode: DEMO.inviteCode });
    expect(reg.status).toBe(200);
  });
});

describe('second start on the same data', () => {
  let before: { notices: number; ledger: number };
  beforeAll(async () => {
    before = { notices: await count('notices'), ledger: await count('ledger') };
    await running?.stop();
    running = undefined;
    running = await startServer(config);
  });

  it('does not seed again and keeps what the first run wrote', async () => {
    expect(running?.seeded).toBe(false);
    expect(await count('users')).toBe(2);
    expect(await count('notices')).toBe(before.notices);
    expect(await count('ledger')).toBe(before.ledger);
    expect(await count('schema_migrations')).toBe(migrationFiles.length);
    expect((await post('user/login', { username: 'keeper1', password: 'secret123' })).status).toBe(200);
  });
});

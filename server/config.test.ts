import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** Starts the server (server/main.ts) in a process of its own with these variables over the environment. */
const startServerWith = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 20_000 });

describe('configuration', () => {
  it('defaults to port 8080 on ./data with the embedded database', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, DATA_DIR: './data', WEB_NAME: 'Candlewick', MARKET_FEED: true });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('reads values from the environment', () => {
    const c = loadConfig({ PORT: '9000', DATABASE_URL: 'postgresql://u:p@db.example:5433/cw', MARKET_FEED: 'false' });
    expect(c).toMatchObject({ PORT: 9000, DATABASE_URL: 'postgresql://u:p@db.example:5433/cw', MARKET_FEED: false });
  });

  it('treats an empty variable as unset, so `PORT=` does not mean a random port', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 8080 });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'http://db.example/cw' }, 'DATABASE_URL'],
    [{ MARKET_FEED: 'yes' }, 'MARKET_FEED'],
    [{ SHUTDOWN_GRACE_MS: '-1' }, 'SHUTDOWN_GRACE_MS'],
    [{ SHUTDOWN_GRACE_MS: '1.5' }, 'SHUTDOWN_GRACE_MS'],
    [{ SHUTDOWN_GRACE_MS: '3600000' }, 'SHUTDOWN_GRACE_MS'],
  ])('refuses %o and names the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('refuses REPLAY_DIR unless DEMO is on: a replay tells where a bar closes, so never with real money', () => {
    const refused = /^Invalid configuration:\n {2}REPLAY_DIR: needs DEMO=true\. /;
    expect(() => loadConfig({ REPLAY_DIR: '/srv/ohlcv', DEMO: 'false' })).toThrow(refused);
    // DATABASE_URL turns the demo off unless DEMO says otherwise.
    expect(() => loadConfig({ REPLAY_DIR: '/srv/ohlcv', DATABASE_URL: 'postgresql://db.example/cw' })).toThrow(refused);
    expect(loadConfig({ REPLAY_DIR: '/srv/ohlcv', DATABASE_URL: 'postgresql://db.example/cw', DEMO: 'true' })).toMatchObject({ REPLAY_DIR: '/srv/ohlcv', DEMO: true });
    expect(loadConfig({ REPLAY_DIR: '/srv/ohlcv' })).toMatchObject({ REPLAY_DIR: '/srv/ohlcv', DEMO: true });
    expect(loadConfig({ DEMO: 'false' }).DEMO).toBe(false);
  });

  it('ends sessions after 30 idle days, and 90 days after sign-in at most, unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ SESSION_IDLE_DAYS: 30, SESSION_MAX_DAYS: 90 });
    expect(loadConfig({ SESSION_IDLE_DAYS: '0.5', SESSION_MAX_DAYS: '14' })).toMatchObject({ SESSION_IDLE_DAYS: 0.5, SESSION_MAX_DAYS: 14 });
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(/^Invalid configuration:\n {2}SESSION_IDLE_DAYS: /);
    // The fixed life it replaces is refused, not ignored: whoever shortened it must choose the new limits.
    expect(() => loadConfig({ TOKEN_TTL_HOURS: '24' })).toThrow(/^Invalid configuration:\n {2}TOKEN_TTL_HOURS: no longer read\. /);
  });

  it('gives requests in flight 10 s to finish on a graceful stop unless SHUTDOWN_GRACE_MS says otherwise', () => {
    expect(loadConfig({}).SHUTDOWN_GRACE_MS).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '2500' }).SHUTDOWN_GRACE_MS).toBe(2500);
  });

  it('refuses DEMO_AUTO_APPROVE_MS unless DEMO is on: it approves deposits and withdrawals unseen', () => {
    const refused = /^Invalid configuration:\n {2}DEMO_AUTO_APPROVE_MS: needs DEMO=true\. /;
    expect(() => loadConfig({ DEMO_AUTO_APPROVE_MS: '30000', DEMO: 'false' })).toThrow(refused);
    expect(() => loadConfig({ DEMO_AUTO_APPROVE_MS: '30000', DATABASE_URL: 'postgresql://db.example/cw' })).toThrow(refused);
    expect(loadConfig({ DEMO_AUTO_APPROVE_MS: '30000', DATABASE_URL: 'postgresql://db.example/cw', DEMO: 'true' })).toMatchObject({ DEMO_AUTO_APPROVE_MS: 30000, DEMO: true });
    // `npm start` on a fresh machine (PGlite, DEMO on by default), with or without the README's auto-approval.
    expect(loadConfig({ DEMO_AUTO_APPROVE_MS: '30000' })).toMatchObject({ DEMO_AUTO_APPROVE_MS: 30000, DEMO: true });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.example/cw', DEMO_AUTO_APPROVE_MS: '0' }).DEMO_AUTO_APPROVE_MS).toBe(0);
    // Both doors at once: each is named.
    expect(() => loadConfig({ DEMO_AUTO_APPROVE_MS: '1', REPLAY_DIR: '/srv/ohlcv', DEMO: 'false' })).toThrow(/REPLAY_DIR: needs DEMO=true\.[^\n]*\n {2}DEMO_AUTO_APPROVE_MS: needs DEMO=true\./);
  });

  it('stops the server at start with that message before opening anything', () => {
    const run = startServerWith({ PORT: 'abc', DATABASE_URL: 'mysql://db.example/cw', DATA_DIR: '/nonexistent/never-created' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration:');
    expect(run.stderr).toContain('PORT: ');
    expect(run.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(run.stdout).not.toContain('is running');
  });

  it('stops the server at start when REPLAY_DIR is set without DEMO', () => {
    const run = startServerWith({ REPLAY_DIR: '/nonexistent/ohlcv', DEMO: 'false', DATA_DIR: '/nonexistent/never-created' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('REPLAY_DIR: needs DEMO=true.');
    expect(run.stdout).not.toContain('is running');
  });

  it('stops the server at start when DEMO_AUTO_APPROVE_MS is set without DEMO', () => {
    const run = startServerWith({ DEMO_AUTO_APPROVE_MS: '30000', DATABASE_URL: 'postgresql://db.example/cw', DEMO: '', DATA_DIR: '/nonexistent/never-created' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DEMO_AUTO_APPROVE_MS: needs DEMO=true.');
    expect(run.stdout).not.toContain('is running');
  });
});

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { relyingParty } from './relying-party.ts';

/** The relying party a request to `url` with these headers gets under this environment. */
async function rpFor(env: Record<string, string>, url: string, headers: Record<string, string> = {}) {
  const config = loadConfig({ MARKET_FEED: 'false', ...env });
  const app = new Hono().post('/rp', (c) => c.json(relyingParty(config, c)));
  return (await app.request(url, { method: 'POST', headers })).json();
}

describe('the passkeys relying party', () => {
  it('is the configured domain and origins when set', async () => {
    expect(await rpFor({ PASSKEY_RP_ID: 'app.example.com' }, 'http://internal:8080/rp', { origin: 'https://evil.example' }))
      .toEqual({ name: 'Candlewick', id: 'app.example.com', origins: ['https://app.example.com'] });
    expect(await rpFor({ PASSKEY_RP_ID: 'example.com', PASSKEY_ORIGINS: 'https://app.example.com, https://m.example.com' }, 'http://x/rp'))
      .toMatchObject({ id: 'example.com', origins: ['https://app.example.com', 'https://m.example.com'] });
  });

  it("is the request's own origin when unset: its Origin header, else where it was sent", async () => {
    expect(await rpFor({}, 'http://127.0.0.1:8080/rp', { origin: 'http://localhost:5173' })).toMatchObject({ id: 'localhost', origins: ['http://localhost:5173'] });
    expect(await rpFor({}, 'http://localhost:4173/rp')).toMatchObject({ id: 'localhost', origins: ['http://localhost:4173'] });
    expect(await rpFor({}, 'http://localhost:4173/rp', { origin: 'null' })).toMatchObject({ origins: ['http://localhost:4173'] });
  });

  it('refuses at start a domain with a scheme or port, and origins that are not origins', () => {
    expect(() => loadConfig({ PASSKEY_RP_ID: 'https://app.example.com' })).toThrow(/PASSKEY_RP_ID/);
    expect(() => loadConfig({ PASSKEY_RP_ID: 'app.example.com:443' })).toThrow(/PASSKEY_RP_ID/);
    expect(() => loadConfig({ PASSKEY_ORIGINS: 'https://app.example.com/login' })).toThrow(/not an origin/);
    expect(() => loadConfig({ PASSKEY_ORIGINS: 'app.example.com' })).toThrow(/not an origin/);
  });
});

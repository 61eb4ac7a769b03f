// A member's signed-in devices: listing them, ending one or all the others (their tokens refused at the very next
// call, order/create's remembered session included), sessions that live while used and end when idle, and a login
// that always issues a new token.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInDevice } from '../../src/contract/sessions.ts';
import { fromCents, toCents } from '../../src/shared/money.ts';
import { tokenHash } from '../auth/tokens.ts';
import { ENDED_KEPT_MS, pruneExpired } from '../auth/sessions.ts';
import { TOUCH_EVERY_MS } from '../auth/session-life.ts';
import { rows } from '../db/rows.ts';
import { balanceOf, move } from '../domain/ledger.ts';
import { loadProducts, type MarketProduct } from '../market/catalog.ts';
import { countRows, recordTicks } from '../testing/market.ts';
import { useTestServer } from '../testing/harness.ts';

const s = useTestServer();
const DAY = 86_400_000;
const PHONE = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

let btc: MarketProduct;
beforeAll(async () => {
  const found = (await loadProducts(s.deps.db)).find((p) => p.symbol === 'BTCUSDT');
  if (!found) throw new Error('no BTCUSDT');
  btc = found;
});

/** A signed-in member (registered from a phone) and a second session of theirs, from a laptop. */
async function onTwoDevices() {
  const m = await s.member();
  await s.deps.db.execute(sql`UPDATE sessions SET browser = 'Chrome 131', os = 'Android' WHERE token_hash = ${tokenHash(m.token)}`);
  const laptop = await login(m.username, LAPTOP);
  return { ...m, phone: m.token, laptop };
}
async function login(username: string, userAgent?: string, token?: string): Promise<string> {
  const r = await s.call('user/login', { username, password: 'secret123' }, { ...(token ? { token } : {}), headers: userAgent ? { 'user-agent': userAgent } : {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data as { accessToken: string }).accessToken;
}
const devices = async (token: string) => {
  const r = await s.call('user/sessions', {}, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data as { items: SignedInDevice[] }).items;
};
const status = async (token: string) => (await s.call('user/details', {}, { token })).status;
const sessionCount = async (userId: number) =>
  Number((await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId}`))[0]?.n);

async function funded(amount: string) {
  const m = await s.member();
  await s.deps.db.transaction((tx) => move(tx, { userId: m.id, type: 'adjust', available: toCents(amount), ref: 'test funding' }));
  return m;
}
/** A fresh tick at the server's now, then half a second on: order/create opens at it. */
async function marketOpenNow() {
  await recordTicks(s.deps.db, btc, [[s.clock.now(), '67250.50']]);
  s.clock.advance(500);
}
const create = (token: string) => s.call('order/create', { productId: btc.id, direction: 'rise', amount: '100.00', cycle: 30 }, { token });
const available = async (userId: number) => fromCents((await balanceOf(s.deps.db, userId)).available);

describe('user/sessions', () => {
  it('lists my devices: this one first and marked, each with its browser, system and times, by an opaque id', async () => {
    const m = await onTwoDevices();
    s.clock.advance(5 * 60_000);
    const mine = await devices(m.laptop);
    expect(mine).toHaveLength(2);
    const [first, second] = mine;
    expect(first).toMatchObject({ browser: 'Safari 17', os: 'macOS', current: true });
    expect(second).toMatchObject({ browser: 'Chrome 131', os: 'Android', current: false });
    expect(first?.lastActiveAt).toBe(s.clock.now());
    expect(second?.lastActiveAt).toBe(second?.signedInAt);
    // Neither the token nor its hash is the id; the ids are the sessions' own.
    for (const d of mine) {
      expect(d.id).toMatch(/^[0-9a-f-]{36}$/);
      expect([m.phone, m.laptop, tokenHash(m.phone), tokenHash(m.laptop)]).not.toContain(d.id);
    }
    expect((await devices(m.phone)).map((d) => [d.id, d.current])).toEqual([[second?.id, true], [first?.id, false]]);
  });

  it('names a device it cannot read as unknown (empty), never failing the sign-in', async () => {
    const m = await s.member();
    for (const ua of [undefined, '', 'curl/8.4.0', '\u00ff'.repeat(4000)]) await login(m.username, ua);
    const mine = await devices(m.token);
    expect(mine).toHaveLength(5);
    for (const d of mine) expect(d.browser.length + d.os.length).toBeLessThanOrEqual(80);
  });

  it('answers 401 without a session and shows no other member\'s devices', async () => {
    expect((await s.call('user/sessions')).status).toBe(401);
    const a = await onTwoDevices();
    const b = await s.member();
    expect(await devices(b.token)).toHaveLength(1);
    expect(await devices(a.phone)).toHaveLength(2);
  });
});

describe('user/session_revoke', () => {
  it('ends one of my other devices: its token answers 401 at once, and the answer is the list after', async () => {
    const m = await onTwoDevices();
    const [, phone] = await devices(m.laptop);
    const r = await s.call('user/session_revoke', { id: phone?.id }, { token: m.laptop });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.data as { items: SignedInDevice[] }).items.map((d) => d.current)).toEqual([true]);
    expect(await status(m.phone)).toBe(401);
    expect(await status(m.laptop)).toBe(200);
    // Ended is ended: the same id again is unknown.
    const again = await s.call('user/session_revoke', { id: phone?.id }, { token: m.laptop });
    expect([again.status, again.body.msg]).toEqual([404, 'error.session_unknown']);
  });

  it('refuses another member\'s session or an unknown id with a translated 404, changing nothing', async () => {
    const a = await onTwoDevices();
    const b = await s.member();
    const [aLaptop] = await devices(a.laptop);
    for (const id of [aLaptop?.id, '00000000-0000-4000-8000-000000000000']) {
      const r = await s.call('user/session_revoke', { id }, { token: b.token });
      expect([r.status, r.body.msg]).toEqual([404, 'error.session_unknown']);
    }
    expect(await sessionCount(a.id)).toBe(2);
    expect([await status(a.phone), await status(a.laptop), await status(b.token)]).toEqual([200, 200, 200]);
  });

  it('refuses bad input field by field, never a 500, and changes nothing', async () => {
    const m = await onTwoDevices();
    const cases: [unknown, string][] = [
      [{}, 'field.required'],
      [{ id: '' }, 'field.required'],
      [{ id: 'not-a-session' }, 'field.invalid'],
      [{ id: tokenHash(m.phone) }, 'field.invalid'],
      [{ id: 42 }, 'field.required'],
      [{ id: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}x` }, 'field.invalid'],
    ];
    for (const [body, field] of cases) {
      const r = await s.call('user/session_revoke', body, { token: m.laptop });
      expect([r.status, r.body.msg, r.body.data], JSON.stringify(body)).toEqual([400, 'error.validation', { fields: { id: field } }]);
    }
    expect(await sessionCount(m.id)).toBe(2);
  });

  it('order/create with the ended token is refused at once, though this instance remembered its session', async () => {
    const m = await funded('500.00');
    const laptop = await login(m.username, LAPTOP);
    await marketOpenNow();
    expect((await create(m.token)).status).toBe(200);
    const [, phone] = await devices(laptop);
    expect((await s.call('user/session_revoke', { id: phone?.id }, { token: laptop })).status).toBe(200);
    const orders = await countRows(s.deps.db, 'orders');
    const r = await create(m.token);
    expect([r.status, r.body.msg]).toEqual([401, 'error.unauthorized']);
    expect(await countRows(s.deps.db, 'orders')).toBe(orders);
    expect(await available(m.id)).toBe('399.80');
  });
});

describe('user/session_revoke_others', () => {
  it('ends every device but this one, at once, order/create included; mine stays', async () => {
    const m = await funded('500.00');
    const laptop = await login(m.username, LAPTOP);
    const tablet = await login(m.username, PHONE);
    await marketOpenNow();
    expect((await create(laptop)).status).toBe(200);
    const r = await s.call('user/session_revoke_others', {}, { token: m.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.data as { items: SignedInDevice[] }).items.map((d) => d.current)).toEqual([true]);
    expect([await status(laptop), await status(tablet), await status(m.token)]).toEqual([401, 401, 200]);
    const refused = await create(laptop);
    expect([refused.status, refused.body.msg]).toEqual([401, 'error.unauthorized']);
    expect(await available(m.id)).toBe('399.80');
    expect((await create(m.token)).status).toBe(200);
  });
});

describe('a login always issues a new token', () => {
  it('never the one the request came with, nor any earlier one: each login is a session of its own', async () => {
    const m = await s.member();
    const tokens = [m.token, await login(m.username, PHONE, m.token), await login(m.username, PHONE, `Bearer ${m.token}`), await login(m.username)];
    expect(new Set(tokens).size).toBe(4);
    for (const t of tokens) expect(await status(t)).toBe(200);
    expect(await devices(m.token)).toHaveLength(4);
    // A token made up by someone else (say, planted in the member's browser) is not adopted either.
    const planted = 'planted-token-0123456789';
    expect(await login(m.username, PHONE, planted)).not.toBe(planted);
    expect(await status(planted)).toBe(401);
  });
});

describe('idle sessions end; used ones live on', () => {
  const idleMs = () => s.deps.config.SESSION_IDLE_DAYS * DAY;

  it('a session used now and then outlives the idle time (its maximum life is another test\'s)', async () => {
    const m = await s.member();
    for (let i = 0; i < 2; i++) {
      s.clock.advance(idleMs() - 2 * TOUCH_EVERY_MS);
      expect(await status(m.token)).toBe(200);
    }
  });

  it('order/create alone keeps it alive too, though this instance remembers its session between lookups', async () => {
    const m = await funded('500.00');
    for (let i = 0; i < 3; i++) {
      await marketOpenNow();
      const r = await create(m.token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      s.clock.advance(idleMs() - 2 * TOUCH_EVERY_MS);
    }
  });

  it('an unused session ends with its own message, on every path, order/create included', async () => {
    const m = await funded('200.00');
    await marketOpenNow();
    expect((await create(m.token)).status).toBe(200);
    const kept = await login(m.username);
    s.clock.advance(idleMs() / 2);
    expect(await status(kept)).toBe(200);
    s.clock.advance(idleMs() / 2 + 1);
    for (const path of ['user/details', 'user/sessions', 'order/hold_list'] as const) {
      const r = await s.call(path, {}, { token: m.token });
      expect([path, r.status, r.body.msg]).toEqual([path, 401, 'error.session_idle']);
    }
    const order = await create(m.token);
    expect([order.status, order.body.msg]).toEqual([401, 'error.session_idle']);
    expect(await available(m.id)).toBe('99.80');
    // The one used halfway is alive, and no longer lists the idle one.
    expect((await devices(kept)).map((d) => d.current)).toEqual([true]);
    // A public path still answers: the ended token is simply no member's.
    expect((await s.call('common/config', {}, { token: m.token })).status).toBe(200);
  });

  it('records a use at most once a minute, and a use moves the end by the idle time', async () => {
    const m = await s.member();
    const row = async () =>
      (await rows<{ last: string; ends: string }>(s.deps.db, sql`SELECT (extract(epoch FROM last_active_at) * 1000)::int8::text AS last, (extract(epoch FROM expires_at) * 1000)::int8::text AS ends FROM sessions WHERE token_hash = ${tokenHash(m.token)}`))[0];
    const signedIn = s.clock.now();
    s.clock.advance(TOUCH_EVERY_MS - 1);
    await status(m.token);
    expect(await row()).toEqual({ last: String(signedIn), ends: String(signedIn + idleMs()) });
    s.clock.advance(1);
    await status(m.token);
    expect(await row()).toEqual({ last: String(s.clock.now()), ends: String(s.clock.now() + idleMs()) });
  });

  it('however much it is used, a session ends SESSION_MAX_DAYS after sign-in, as plainly unauthorized', async () => {
    const m = await s.member();
    const maxMs = s.deps.config.SESSION_MAX_DAYS * DAY;
    const start = s.clock.now();
    while (s.clock.now() + DAY < start + maxMs) {
      s.clock.advance(DAY);
      expect(await status(m.token)).toBe(200);
    }
    s.clock.set(start + maxMs);
    const r = await s.call('user/details', {}, { token: m.token });
    expect([r.status, r.body.msg]).toEqual([401, 'error.unauthorized']);
  });

  it('an ended session is kept a while, so its message can be told, then pruned', async () => {
    const m = await s.member();
    s.clock.advance(idleMs() + ENDED_KEPT_MS - 1);
    await pruneExpired(s.deps.db, s.clock.now());
    expect((await s.call('user/details', {}, { token: m.token })).body.msg).toBe('error.session_idle');
    s.clock.advance(2);
    await pruneExpired(s.deps.db, s.clock.now());
    expect(await sessionCount(m.id)).toBe(0);
    expect((await s.call('user/details', {}, { token: m.token })).body.msg).toBe('error.unauthorized');
  });
});

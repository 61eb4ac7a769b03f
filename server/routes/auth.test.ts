import { describe, expect, it } from 'vitest';
import { DEMO } from '../seed.ts';
import { useTestServer } from '../testing/harness.ts';

const s = useTestServer();
const reg = (over: Record<string, unknown> = {}) => ({ username: 'alice1', phone: '13912345678', password: 'secret123', confirmPassword: 'secret123', inviteCode: DEMO.inviteCode, ...over });

describe('register and login', () => {
  it('registers with an invitation code and answers a working session', async () => {
    const r = await s.call('user/register', reg());
    expect(r.status).toBe(200);
    const token = (r.body.data as { accessToken: string }).accessToken;
    expect(token.length).toBeGreaterThanOrEqual(22);
    const d = await s.call('user/details', {}, { token });
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ username: 'alice1', phone: '13912345678', level: 1, verified: false, balance: '0.00' });
  });

  it('refuses a taken username regardless of case', async () => {
    const r = await s.call('user/register', reg({ username: 'ALICE1' }));
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('error.username_taken');
  });

  it.each([
    [{ username: '' }, 'username', 'field.required'],
    [{ username: 'a'.repeat(19) }, 'username', 'field.username_format'],
    [{ username: 'bad name!' }, 'username', 'field.username_format'],
    [{ phone: '1234' }, 'phone', 'field.phone_format'],
    [{ phone: undefined }, 'phone', 'field.required'],
    [{ confirmPassword: 'other123' }, 'confirmPassword', 'field.confirm_mismatch'],
    [{ inviteCode: '' }, 'inviteCode', 'field.required'],
  ])('validates %o', async (over, field, key) => {
    const r = await s.call('user/register', reg({ username: 'bob2', ...over }));
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('error.validation');
    expect((r.body.data as { fields: Record<string, string> }).fields[field]).toBe(key);
  });

  it('refuses an unknown invitation code', async () => {
    const r = await s.call('user/register', reg({ username: 'carol3', inviteCode: 'NOPE0000' }));
    expect(r.body.msg).toBe('error.invite_invalid');
  });

  it('logs in, and says "name or password incorrect" for both wrong cases', async () => {
    const ok = await s.call('user/login', { username: DEMO.username, password: DEMO.password });
    expect(ok.status).toBe(200);
    const wrongPass = await s.call('user/login', { username: DEMO.username, password: 'nope-nope' });
    const noUser = await s.call('user/login', { username: 'ghost', password: 'nope-nope' });
    expect([wrongPass.status, wrongPass.body.msg]).toEqual([401, 'error.name_or_password']);
    expect([noUser.status, noUser.body.msg]).toEqual([401, 'error.name_or_password']);
  });

  it('rate-limits failed logins per username', async () => {
    for (let i = 0; i < 5; i++) await s.call('user/login', { username: 'alice1', password: 'wrong-' + i }, { headers: { 'x-test': String(i) } });
    const blocked = await s.call('user/login', { username: 'alice1', password: 'secret123' });
    expect([blocked.status, blocked.body.msg]).toEqual([429, 'error.rate_limited']);
    s.clock.advance(15 * 60_000 + 1);
    expect((await s.call('user/login', { username: 'alice1', password: 'secret123' })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 for a missing, unknown or expired token; one unused too long says so', async () => {
    expect((await s.call('user/details')).status).toBe(401);
    expect((await s.call('user/details', {}, { token: 'not-a-token' })).status).toBe(401);
    const { token } = await s.member();
    expect((await s.call('user/details', {}, { token })).status).toBe(200);
    s.clock.advance(s.deps.config.SESSION_IDLE_DAYS * 86_400_000 + 1);
    const expired = await s.call('user/details', {}, { token });
    expect([expired.status, expired.body.msg]).toEqual([401, 'error.session_idle']);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await s.member();
    const { rows } = await import('../db/rows.ts');
    const { sql } = await import('drizzle-orm');
    const found = await rows(s.deps.db, sql`SELECT 1 FROM sessions WHERE token_hash = ${token}`);
    expect(found).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 error.bad_json for malformed JSON and never 500', async () => {
    const r = await s.call('user/login', undefined, { raw: '{"username": ' });
    expect([r.status, r.body.msg]).toEqual([400, 'error.bad_json']);
  });
  it('answers 400 for wrong types', async () => {
    const r = await s.call('user/login', { username: 42, password: ['x'] });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('error.validation');
  });
  it('refuses a 10 KB username on register and login with a field error, and writes nothing', async () => {
    const { rows } = await import('../db/rows.ts');
    const { sql } = await import('drizzle-orm');
    const count = async () => (await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM users`))[0]?.n;
    const before = await count();
    const huge = 'a'.repeat(10 * 1024);
    const r = await s.call('user/register', reg({ username: huge }));
    expect([r.status, r.body.msg, (r.body.data as { fields: Record<string, string> }).fields['username']]).toEqual([400, 'error.validation', 'field.username_format']);
    const l = await s.call('user/login', { username: huge, password: 'whatever1' });
    expect([l.status, l.body.msg, (l.body.data as { fields: Record<string, string> }).fields['username']]).toEqual([400, 'error.validation', 'field.too_long']);
    expect(await count()).toBe(before);
  });
  it('answers 404 for an unknown path', async () => {
    expect((await s.call('user/nothing')).status).toBe(404);
  });
});

describe('common', () => {
  it('answers config with web_name and the server time', async () => {
    const r = await s.call('common/config');
    expect(r.body).toMatchObject({ code: 0, data: { web_name: 'Candlewick', serverTime: s.clock.now() } });
  });
  it('answers notices in the Accept-Language language', async () => {
    const en = await s.call('common/notice', undefined, { method: 'GET' });
    const zn = await s.call('common/notice', undefined, { method: 'GET', headers: { 'accept-language': 'zn' } });
    const titles = (r: typeof en) => (r.body.data as { items: { title: string }[] }).items.map((i) => i.title);
    expect(titles(en)).toContain('Welcome to the platform');
    expect(titles(zn)).toContain('欢迎来到本平台');
  });
});

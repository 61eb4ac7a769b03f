import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { useTestServer } from '../testing/harness.ts';
import { ENDED_KEPT_MS, pruneExpired } from './sessions.ts';

const s = useTestServer();
const sessionCount = async (userId: number) =>
  Number((await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId}`))[0]?.n);

describe('sessions (logging out once did not end the session; expired ones were never pruned)', () => {
  it('user/logout revokes this token on the server, and only this one', async () => {
    const m = await s.member();
    const other = ((await s.call('user/login', { username: m.username, password: 'secret123' })).body.data as { accessToken: string }).accessToken;
    expect(await sessionCount(m.id)).toBe(2);
    const out = await s.call('user/logout', {}, { token: m.token });
    expect(out.body).toEqual({ code: 0, msg: '', data: { ok: true } });
    expect((await s.call('user/details', {}, { token: m.token })).status).toBe(401);
    expect((await s.call('user/logout', {}, { token: m.token })).status).toBe(401);
    expect((await s.call('user/details', {}, { token: other })).status).toBe(200);
    expect(await sessionCount(m.id)).toBe(1);
  });

  it('the pruner deletes sessions ended long enough ago and keeps live ones', async () => {
    const m = await s.member();
    s.clock.advance(s.deps.config.SESSION_IDLE_DAYS * 86_400_000 + ENDED_KEPT_MS + 1);
    const fresh = await s.member();
    expect(await sessionCount(m.id)).toBe(1);
    const pruned = await pruneExpired(s.deps.db, s.clock.now());
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await sessionCount(m.id)).toBe(0);
    expect(await sessionCount(fresh.id)).toBe(1);
  });
});

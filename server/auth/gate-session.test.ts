import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/core.ts';
import { useTestServer } from '../testing/harness.ts';
import { gateSession } from './gate-session.ts';

const s = useTestServer();

/** What gateSession reads of a request's context: its raw Request and its Authorization header. */
function contextOf(token: string): Context {
  const raw = new Request('http://localhost/api/wallet/bankWithdrawal', { method: 'POST', headers: { authorization: token } });
  return { req: { raw, header: (name: string) => raw.headers.get(name) ?? undefined } } as unknown as Context;
}

describe('gateSession', () => {
  it('reads the session once per request: the gates of one request share it, another request reads it afresh', async () => {
    const m = await s.member();
    const first = contextOf(m.token);
    const now = s.deps.clock.now();
    const pinGate = await gateSession(first, s.deps.db, now);
    expect(pinGate?.id).toBe(m.id);
    await s.deps.db.delete(sessions).where(eq(sessions.userId, m.id));
    // The same request's second gate gets the member its first gate found, with no second read.
    expect((await gateSession(first, s.deps.db, now))?.id).toBe(m.id);
    // A new request finds the session gone.
    expect(await gateSession(contextOf(m.token), s.deps.db, now)).toBeNull();
  });
});

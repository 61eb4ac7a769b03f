// A burst of one member's orders cannot pass a limit: order/create's statement locks the member's trading_limits
// row before it checks, so each order reads the counters the one before it left. On PGlite the requests take
// turns anyway; the postgres section (scripts/with-postgres.sh, DATABASE_URL set) runs this on a pool of real
// connections, where they do race.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromCents } from '../../src/shared/money.ts';
import { rows } from '../db/rows.ts';
import { balanceOf } from '../domain/ledger.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import { setLimits, tradingDesk } from '../testing/limits.ts';

const s = useTestServer();
const desk = tradingDesk(s);

describe('50 parallel orders of 10.00 (10.02 with the fee) against a limit good for exactly 37', () => {
  it.each([
    ['turnover', { turnoverLimit: '370.00' }, 'error.limit_turnover'],
    ['loss', { lossLimit: '370.74' }, 'error.limit_loss'],
  ])('a %s limit: exactly 37 are placed, the others refused, and the day counts exactly those', async (_what, limit, key) => {
    const k = 37;
    s.clock.set(T0);
    const m = await desk.funded('1000');
    await setLimits(s, m.token, limit);
    await desk.fresh();
    const answers = await Promise.all(Array.from({ length: 50 }, () => desk.order(m.token, '10')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(k);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.msg])).toEqual(Array.from({ length: 50 - k }, () => [400, key]));
    const [placed] = await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${m.id}`);
    expect(placed?.n).toBe(k);
    expect(fromCents((await balanceOf(s.deps.db, m.id)).available)).toBe('629.26');
    const [day] = await rows<{ turnover: string; cost: string }>(s.deps.db, sql`SELECT day_turnover::text AS turnover, day_cost::text AS cost FROM trading_limits WHERE user_id = ${m.id}`);
    expect(day).toEqual({ turnover: '37000', cost: '37074' });
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/rows.ts';
import { useTestServer } from '../testing/harness.ts';
import { balances, readyMember, tempUploadDir, withdrawal } from '../testing/money.ts';

const s = useTestServer({ UPLOAD_DIR: tempUploadDir() });
const key = () => `k-${randomUUID()}`;
const count = async (table: 'withdrawals' | 'deposits' | 'ledger', userId: number) =>
  Number((await rows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE user_id = ${userId}`))[0]?.n);

describe('concurrent withdrawals (a)', () => {
  it('100 concurrent requests against a balance good for k freeze exactly k, and available never goes below zero', async () => {
    const k = 37;
    const m = await readyMember(s, '375.00'); // 37 × 10.00 fits, a 38th does not
    let lowest = Infinity;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const [row] = await rows<{ available: string }>(s.deps.db, sql`SELECT available::text FROM accounts WHERE user_id = ${m.id}`);
        lowest = Math.min(lowest, Number(row?.available));
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        s.call(i % 2 ? 'wallet/bankWithdrawal' : 'wallet/trcWithdrawal', withdrawal('10.00', i % 2 ? {} : { paymethod: 'trc20' }), { token: m.token, headers: { 'idempotency-key': key() } }),
      ),
    );
    const ms = performance.now() - started;
    polling = false;
    await poll;
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(k);
    expect(statuses.filter((x) => x === 409)).toHaveLength(100 - k);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.msg))).toEqual(new Set(['error.insufficient_balance']));
    const b = await balances(s, m.token);
    expect([b.available, b.frozen, b.balance]).toEqual(['5.00', '370.00', '375.00']);
    expect(await count('withdrawals', m.id)).toBe(k);
    expect(lowest).toBeGreaterThanOrEqual(0);
    console.log(`FIGURE concurrency: 100 withdrawals in ${ms.toFixed(0)} ms, ${k} frozen, lowest available seen ${(lowest / 100).toFixed(2)}`);
  });
});

describe('idempotency (b)', () => {
  it('a retry with the same Idempotency-Key replays the first answer and has exactly one effect', async () => {
    const m = await readyMember(s, '100.00');
    const headers = { 'idempotency-key': key() };
    const first = await s.call('wallet/bankWithdrawal', withdrawal('25.00'), { token: m.token, headers });
    const retry = await s.call('wallet/bankWithdrawal', withdrawal('25.00'), { token: m.token, headers });
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await count('withdrawals', m.id)).toBe(1);
    expect((await balances(s, m.token)).frozen).toBe('25.00');
  });

  it('concurrent retries with one key still have exactly one effect', async () => {
    const m = await readyMember(s, '100.00');
    const headers = { 'idempotency-key': key() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.call('wallet/bankWithdrawal', withdrawal('30.00'), { token: m.token, headers })));
    expect(answers.map((a) => a.status)).toEqual(new Array(10).fill(200));
    expect(new Set(answers.map((a) => (a.body.data as { id: number }).id)).size).toBe(1);
    expect(await count('withdrawals', m.id)).toBe(1);
    expect((await balances(s, m.token)).available).toBe('70.00');
  });

  it('the same key with a different body gets 422 and changes nothing', async () => {
    const m = await readyMember(s, '100.00');
    const headers = { 'idempotency-key': key() };
    await s.call('wallet/bankWithdrawal', withdrawal('10.00'), { token: m.token, headers });
    const ledgerBefore = await count('ledger', m.id);
    const other = await s.call('wallet/bankWithdrawal', withdrawal('20.00'), { token: m.token, headers });
    expect([other.status, other.body.msg]).toEqual([422, 'error.idempotency_conflict']);
    const elsewhere = await s.call('user/deposit', { method: 'bank', amount: '20.00', reference: 'x' }, { token: m.token, headers });
    expect([elsewhere.status, elsewhere.body.msg]).toEqual([422, 'error.idempotency_conflict']);
    expect(await count('ledger', m.id)).toBe(ledgerBefore);
    expect(await count('deposits', m.id)).toBe(0);
  });

  it('deposits and refund requests are idempotent too', async () => {
    const m = await readyMember(s);
    const headers = { 'idempotency-key': key() };
    const body = { method: 'trc20', amount: '50.00', reference: '0xfeed' };
    const [a, b] = [await s.call('user/deposit', body, { token: m.token, headers }), await s.call('user/deposit', body, { token: m.token, headers })];
    expect(b.body).toEqual(a.body);
    expect(await count('deposits', m.id)).toBe(1);
    const refund = { nationality: 'VN', name: 'N', idNumber: 'ID1', lostAmount: '5', refundNumber: 'R9', payPassword: '246810' };
    const rh = { 'idempotency-key': key() };
    const r1 = await s.call('wallet/submit', refund, { token: m.token, headers: rh });
    const r2 = await s.call('wallet/submit', refund, { token: m.token, headers: rh });
    expect(r1.status).toBe(200);
    expect(r2.body).toEqual(r1.body);
  });
});

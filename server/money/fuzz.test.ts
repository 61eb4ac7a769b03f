import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, type ApiPath } from '../../src/contract/api.ts';
import { errorKeys, fieldKeys } from '../../src/contract/errors.ts';
import { addressInput, bankCardInput } from '../../src/contract/user.ts';
import { rows } from '../db/rows.ts';
import { useTestServer } from '../testing/harness.ts';
import { address, jpeg, LOGIN_PASSWORD, PIN, png, readyMember, tempUploadDir } from '../testing/money.ts';
import { bodiesForEmpty, malformedBodies, type Malformed } from '../testing/fuzz-inputs.ts';

const RUNS = 1000;
// 1,000 requests take 3-15 s on a busy 2-core machine; the default 30 s leaves too little room.
const FUZZ_TIMEOUT_MS = 120_000;
const uploads = tempUploadDir();
const s = useTestServer({ UPLOAD_DIR: uploads });
const known = new Set<string>([...errorKeys, ...fieldKeys]);
let token = '';
let addressId = 0;

/** Everything a request could change: balances, ledger, reviews, bindings, passwords and locks, keys, sessions, files. */
const TABLES = ['accounts', 'ledger', 'deposits', 'withdrawals', 'refund_requests', 'identity_checks', 'bank_cards', 'withdraw_addresses', 'users', 'sessions', 'idempotency_keys', 'platform_settings'];
async function snapshot(): Promise<string[]> {
  const out: string[] = [];
  for (const t of TABLES) {
    const [row] = await rows<{ h: string | null; n: number }>(s.deps.db, sql`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h, count(*)::int AS n FROM ${sql.identifier(t)} x`);
    out.push(`${t}:${row?.n}:${row?.h}`);
  }
  out.push(`files:${readdirSync(uploads).sort().join(',')}`);
  return out;
}

const shapeOf = (path: ApiPath) => (api[path].req as unknown as z.ZodObject).shape as Record<string, z.ZodType>;

beforeAll(async () => {
  const m = await readyMember(s, '1000.00');
  token = m.token;
  addressId = m.addressId;
});

async function fuzz(path: ApiPath, bodies: fc.Arbitrary<Malformed>, opts: { acceptsObjects?: boolean } = {}) {
  const before = await snapshot();
  const started = performance.now();
  let n = 0;
  await fc.assert(
    fc.asyncProperty(bodies, fc.option(fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', 'bad key!', 'x'.repeat(200))), async ({ raw }, key) => {
      n += 1;
      const headers: Record<string, string> = key === null ? {} : { 'idempotency-key': key };
      const method = api[path].method;
      const r = await s.call(path, undefined, method === 'GET' ? { token, method, headers, query: `?${raw.slice(0, 200)}` } : { token, raw, headers });
      expect(r.status, raw).toBeLessThan(500);
      if (opts.acceptsObjects && r.status === 200) return;
      expect(r.status, raw).toBeGreaterThanOrEqual(400);
      expect(r.status, raw).not.toBe(401);
      expect(errorKeys as readonly string[], raw).toContain(r.body.msg);
      const fields = (r.body.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
      for (const v of Object.values(fields)) expect(known.has(v), `${raw} -> ${v}`).toBe(true);
    }),
    { numRuns: RUNS },
  );
  const ms = performance.now() - started;
  expect(await snapshot()).toEqual(before);
  console.log(`FIGURE fuzz ${path}: ${n} bodies in ${ms.toFixed(0)} ms (${(ms / n).toFixed(2)} ms each)`);
  expect(n).toBeGreaterThanOrEqual(RUNS);
}

describe('fuzz (c): malformed bodies get a translated 4xx and change nothing', { timeout: FUZZ_TIMEOUT_MS }, () => {
  it('user/save_bank (bank card)', async () => {
    const valid = { kind: 'bank', bankName: 'Vietcombank', cardNumber: '6222020200119999', accountName: 'Fuzz', branch: 'B', city: 'C', province: 'P' };
    // kind stays 'bank' so the card's own fields are what is broken.
    const shape: Record<string, z.ZodType> = { ...bankCardInput.shape };
    await fuzz('user/save_bank', malformedBodies(valid, Object.fromEntries(Object.entries(shape).filter(([k]) => k !== 'kind'))));
  });
  it('user/save_bank (TRC20 address)', async () => {
    const valid = { kind: 'trc20', address: await address(201) };
    await fuzz('user/save_bank', malformedBodies(valid, { kind: addressInput.shape.kind, address: addressInput.shape.address }));
  });
  it('user/deposit', async () => {
    await fuzz('user/deposit', malformedBodies({ method: 'bank', amount: '100.00', reference: 'REF-1', receipt: png(400, 400) }, shapeOf('user/deposit')));
  });
  it('user/bind_idcard', async () => {
    await fuzz('user/bind_idcard', malformedBodies({ realName: 'Fuzz Name', idNumber: 'ID123456', front: png(400, 400), back: jpeg(400, 400) }, shapeOf('user/bind_idcard')));
  });
  it('wallet/bankWithdrawal', async () => {
    await fuzz('wallet/bankWithdrawal', malformedBodies({ paymethod: 'bank', amount: '20.00', payPassword: PIN, Authorization: '' }, shapeOf('wallet/bankWithdrawal')));
  });
  it('wallet/trcWithdrawal', async () => {
    await fuzz('wallet/trcWithdrawal', malformedBodies({ paymethod: 'trc20', amount: '20.00', payPassword: PIN, addressId, Authorization: '' }, shapeOf('wallet/trcWithdrawal')));
  });
  it('wallet/submit', async () => {
    const valid = { nationality: 'VN', name: 'Fuzz', idNumber: 'ID1', lostAmount: '50.00', refundNumber: 'RF-9', payPassword: PIN };
    await fuzz('wallet/submit', malformedBodies(valid, shapeOf('wallet/submit')));
  });
  it('user/reset_pwd', async () => {
    await fuzz('user/reset_pwd', malformedBodies({ oldPassword: LOGIN_PASSWORD, newPassword: 'another1', confirmPassword: 'another1' }, shapeOf('user/reset_pwd')));
  });
  it('user/reset_paypwd', async () => {
    await fuzz('user/reset_paypwd', malformedBodies({ oldPayPassword: PIN, newPayPassword: '135790', confirmPayPassword: '135790' }, shapeOf('user/reset_paypwd')));
  });
  it('user/water', async () => {
    await fuzz('user/water', malformedBodies({ page: 1, size: 20, type: 'deposit' }, shapeOf('user/water')));
  });
  it('wallet/getRechargeAddress', async () => {
    await fuzz('wallet/getRechargeAddress', malformedBodies({ method: 'trc20' }, shapeOf('wallet/getRechargeAddress')));
  });
  // No fields: junk objects are ignored (200, nothing changes); non-objects and broken JSON are refused.
  it('user/balance_list', async () => {
    await fuzz('user/balance_list', bodiesForEmpty, { acceptsObjects: true });
  });
  it('user/getUserWallets', async () => {
    await fuzz('user/getUserWallets', bodiesForEmpty, { acceptsObjects: true });
  });
  it('GET user/idcard (junk query strings)', async () => {
    await fuzz('user/idcard', bodiesForEmpty, { acceptsObjects: true });
  });
});

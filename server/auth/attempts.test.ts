import { describe, expect, it, vi } from 'vitest';
import { LOGIN_PASSWORD, PIN, readyMember, tempUploadDir, withdrawal } from '../testing/money.ts';
import { useTestServer } from '../testing/harness.ts';
import { loadConfig } from '../config.ts';
import { clientIp } from '../http/route.ts';
import * as passwords from './passwords.ts';

// Every argon2 verification the server does goes through here; the count is what "evaluated" means.
vi.mock('./passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verifications = () => vi.mocked(passwords.verifyPassword).mock.calls.length;

// In-process requests have no socket ('local'); trusting it lets a test say where a request comes from.
const s = useTestServer({ UPLOAD_DIR: tempUploadDir(), TRUST_PROXY: ['local'] });
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

/** Fires `n` requests at once and answers how many argon2 verifications they cost and their answers. */
async function burst(n: number, one: (i: number) => Promise<{ status: number; body: { msg: string } }>) {
  const before = verifications();
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => one(i)));
  return { evaluated: verifications() - before, answers: answers.map((a) => a.body.msg) };
}

describe('limits that parallel guesses cannot walk through', () => {
  it('50 parallel logins, the right password last: at most 5 passwords are checked', async () => {
    const m = await s.member();
    const { evaluated, answers } = await burst(50, (i) =>
      s.call('user/login', { username: m.username, password: i === 49 ? LOGIN_PASSWORD : `wrong-${i}` }, from('198.51.100.7')));
    console.log(`FIGURE parallel login guesses evaluated: ${evaluated} of 50 (before: 48)`);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a === 'error.rate_limited').length).toBeGreaterThanOrEqual(45);
  });

  it('50 parallel PIN guesses, the right one last: at most 5 are checked and no money moves', async () => {
    const m = await readyMember(s, '100.00');
    const { evaluated, answers } = await burst(50, (i) =>
      s.call('wallet/bankWithdrawal', withdrawal('10', { payPassword: i === 49 ? PIN : String(100_000 + i) }), { token: m.token }));
    console.log(`FIGURE parallel PIN guesses evaluated: ${evaluated} of 50 (before: 49)`);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a === 'error.pay_password_locked').length).toBeGreaterThanOrEqual(45);
    expect(((await s.call('user/balance_list', {}, { token: m.token })).body.data as { frozen: string }).frozen).toBe('0.00');
  });

  it('50 parallel reset_pwd guesses, the right one last: at most 5 are checked and the password stays', async () => {
    const m = await s.member();
    const { evaluated } = await burst(50, (i) =>
      s.call('user/reset_pwd', { oldPassword: i === 49 ? LOGIN_PASSWORD : `guess-${i}x`, newPassword: 'taken-over1', confirmPassword: 'taken-over1' }, { token: m.token }));
    console.log(`FIGURE parallel reset_pwd guesses evaluated: ${evaluated} of 50 (before: 49)`);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect((await s.call('user/login', { username: m.username, password: 'taken-over1' })).status).toBe(401);
  });

  it('a stranger failing on purpose cannot lock the member out: their own address slows down, the member\'s does not', async () => {
    const m = await s.member();
    for (let i = 0; i < 40; i++) await s.call('user/login', { username: m.username, password: `nope-${i}` }, from('203.0.113.66'));
    expect((await s.call('user/login', { username: m.username, password: LOGIN_PASSWORD }, from('203.0.113.66'))).body.msg).toBe('error.rate_limited');
    expect((await s.call('user/login', { username: m.username, password: LOGIN_PASSWORD }, from('192.0.2.10'))).status).toBe(200);
  });

  it('past 5 free tries the delay doubles with every try, refused ones included, so hammering only waits longer', async () => {
    const m = await s.member();
    const tryOnce = async () => (await s.call('user/login', { username: m.username, password: 'nope-nope' }, from('203.0.113.77'))).body.msg;
    const [wrong, limited] = ['error.name_or_password', 'error.rate_limited'];
    for (let i = 0; i < 5; i++) expect(await tryOnce()).toBe(wrong); // the fifth sets a 1 s delay
    expect(await tryOnce()).toBe(limited); // 6th, refused
    s.clock.advance(1000);
    expect(await tryOnce()).toBe(wrong); // 7th, let through: the next waits 2^(7-5) = 4 s
    s.clock.advance(3999);
    expect(await tryOnce()).toBe(limited); // 8th
    s.clock.advance(1);
    expect(await tryOnce()).toBe(wrong); // 9th: the next waits 16 s
    s.clock.advance(15_999);
    expect(await tryOnce()).toBe(limited);
  });
});

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from a listed proxy, and only the hop it added', () => {
    expect(clientIp('203.0.113.5', '1.2.3.4', [])).toBe('203.0.113.5');
    expect(clientIp('203.0.113.5', '1.2.3.4', ['10.0.0.2'])).toBe('203.0.113.5');
    expect(clientIp('10.0.0.2', '1.2.3.4', ['10.0.0.2'])).toBe('1.2.3.4');
    // A client that sends its own X-Forwarded-For cannot pick its bucket: the proxy appends the real address.
    expect(clientIp('10.0.0.2', '6.6.6.6, 1.2.3.4', ['10.0.0.2'])).toBe('1.2.3.4');
    // Two proxies of ours in a row.
    expect(clientIp('::ffff:10.0.0.2', '1.2.3.4, 10.0.0.3', ['10.0.0.2', '10.0.0.3'])).toBe('1.2.3.4');
    expect(clientIp('10.0.0.2', 'garbage', ['10.0.0.2'])).toBe('10.0.0.2');
  });

  it('is a list of addresses; yes/no is refused, naming the variable', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, ::ffff:10.0.0.3' }).TRUST_PROXY).toEqual(['10.0.0.2', '10.0.0.3']);
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" is not an IP address/);
  });
});

// user/limits and user/limits_set: tighter settings at once, looser ones 24 hours after they were asked for (by the
// server's clock, applied when read: no job), and bad input refused with nothing changed.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOOSER_AFTER_MS } from '../../src/contract/limits.ts';
import { rows } from '../db/rows.ts';
import { T0, useTestServer } from '../testing/harness.ts';
import { limitsOf, setLimits } from '../testing/limits.ts';

const s = useTestServer();
const HOUR = 60 * 60 * 1000;
const none = { value: null, next: null };

describe('user/limits', () => {
  it('a member who set nothing has no limits, no break and a reality check every hour, in the device zone', async () => {
    s.clock.set(T0);
    const m = await s.member();
    const view = await limitsOf(s, m.token, { timeZone: 'Asia/Ho_Chi_Minh' });
    expect(view).toEqual({
      timeZone: { value: 'Asia/Ho_Chi_Minh', next: null },
      lossLimit: none,
      turnoverLimit: none,
      breakUntil: none,
      realityMinutes: { value: 60, next: null },
      // 14:30 UTC is 21:30 in Ho Chi Minh City, the same date
      today: { day: '2026-11-02', turnover: '0.00', net: '0.00', open: '0.00', loss: '0.00', firstTradeAt: null },
      serverTime: T0,
    });
    expect((await limitsOf(s, m.token)).timeZone.value).toBe('UTC');
    expect((await limitsOf(s, m.token, { timeZone: 'Pacific/Kiritimati' })).today.day).toBe('2026-11-03');
  });

  it('needs a session', async () => {
    expect((await s.call('user/limits', {})).status).toBe(401);
    expect((await s.call('user/limits_set', { lossLimit: '10' })).status).toBe(401);
  });
});

describe('a tighter setting takes effect at once', () => {
  it('setting and lowering a limit, shortening the reality check', async () => {
    s.clock.set(T0);
    const m = await s.member();
    const first = await setLimits(s, m.token, { lossLimit: '100', turnoverLimit: '250.50', realityMinutes: 30, timeZone: 'Europe/Berlin' });
    expect([first.lossLimit, first.turnoverLimit, first.realityMinutes, first.timeZone]).toEqual([
      { value: '100.00', next: null },
      { value: '250.50', next: null },
      { value: 30, next: null },
      { value: 'Europe/Berlin', next: null },
    ]);
    const lower = await setLimits(s, m.token, { lossLimit: '99.99', turnoverLimit: '10', realityMinutes: 15 });
    expect([lower.lossLimit.value, lower.turnoverLimit.value, lower.realityMinutes.value]).toEqual(['99.99', '10.00', 15]);
  });
});

describe('a looser setting waits 24 hours', () => {
  it('a raise changes nothing before 24 hours and applies after; a second raise starts the wait again; a lower cancels it', async () => {
    s.clock.set(T0);
    const m = await s.member();
    await setLimits(s, m.token, { lossLimit: '100' });
    const raised = await setLimits(s, m.token, { lossLimit: '500' });
    expect(raised.lossLimit).toEqual({ value: '100.00', next: { value: '500.00', at: T0 + LOOSER_AFTER_MS } });

    s.clock.set(T0 + HOUR);
    const again = await setLimits(s, m.token, { lossLimit: '300' });
    expect(again.lossLimit).toEqual({ value: '100.00', next: { value: '300.00', at: T0 + HOUR + LOOSER_AFTER_MS } });
    s.clock.set(T0 + HOUR + LOOSER_AFTER_MS - 1);
    expect((await limitsOf(s, m.token)).lossLimit).toEqual({ value: '100.00', next: { value: '300.00', at: T0 + HOUR + LOOSER_AFTER_MS } });
    s.clock.set(T0 + HOUR + LOOSER_AFTER_MS);
    expect((await limitsOf(s, m.token)).lossLimit).toEqual({ value: '300.00', next: null });

    // Raised again, then lowered while the raise waits: the lower applies at once and the raise is gone.
    await setLimits(s, m.token, { lossLimit: '1000' });
    const lowered = await setLimits(s, m.token, { lossLimit: '50' });
    expect(lowered.lossLimit).toEqual({ value: '50.00', next: null });
    s.clock.advance(2 * LOOSER_AFTER_MS);
    expect((await limitsOf(s, m.token)).lossLimit).toEqual({ value: '50.00', next: null });
  });

  it('asking for the value in force drops the change that waits', async () => {
    s.clock.set(T0);
    const m = await s.member();
    await setLimits(s, m.token, { turnoverLimit: '100' });
    await setLimits(s, m.token, { turnoverLimit: '200' });
    expect((await setLimits(s, m.token, { turnoverLimit: '100.00' })).turnoverLimit).toEqual({ value: '100.00', next: null });
  });

  it('removing a limit, turning the reality check off or making it longer, and another time zone wait too', async () => {
    s.clock.set(T0);
    const m = await s.member();
    await setLimits(s, m.token, { lossLimit: '100', turnoverLimit: '100', timeZone: 'Asia/Ho_Chi_Minh' });
    const at = T0 + LOOSER_AFTER_MS;
    const asked = await setLimits(s, m.token, { lossLimit: null, turnoverLimit: null, realityMinutes: null, timeZone: 'Europe/London' });
    expect([asked.lossLimit, asked.turnoverLimit, asked.realityMinutes, asked.timeZone]).toEqual([
      { value: '100.00', next: { value: null, at } },
      { value: '100.00', next: { value: null, at } },
      { value: 60, next: { value: null, at } },
      { value: 'Asia/Ho_Chi_Minh', next: { value: 'Europe/London', at } },
    ]);
    s.clock.set(at);
    const after = await limitsOf(s, m.token);
    expect([after.lossLimit, after.turnoverLimit, after.realityMinutes, after.timeZone]).toEqual([none, none, none, { value: 'Europe/London', next: null }]);
    // From off, any interval is tighter.
    expect((await setLimits(s, m.token, { realityMinutes: 240 })).realityMinutes).toEqual({ value: 240, next: null });
    expect((await setLimits(s, m.token, { realityMinutes: 120 })).realityMinutes).toEqual({ value: 120, next: null });
    expect((await setLimits(s, m.token, { realityMinutes: 180 })).realityMinutes).toEqual({ value: 120, next: { value: 180, at: at + LOOSER_AFTER_MS } });
  });
});

describe('a break', () => {
  it('starts and grows at once; ending it waits 24 hours, and waits for nothing when it ends sooner anyway', async () => {
    s.clock.set(T0);
    const m = await s.member();
    const day = await setLimits(s, m.token, { break: { kind: 'days', days: 1 } });
    expect(day.breakUntil).toEqual({ value: T0 + 24 * HOUR, next: null });
    // Ending a one-day break would take effect when it ends: nothing waits.
    expect((await setLimits(s, m.token, { break: { kind: 'end' } })).breakUntil).toEqual({ value: T0 + 24 * HOUR, next: null });
    const week = await setLimits(s, m.token, { break: { kind: 'days', days: 7 } });
    expect(week.breakUntil).toEqual({ value: T0 + 7 * 24 * HOUR, next: null });
    const ended = await setLimits(s, m.token, { break: { kind: 'end' } });
    expect(ended.breakUntil).toEqual({ value: T0 + 7 * 24 * HOUR, next: { value: null, at: T0 + LOOSER_AFTER_MS } });
    s.clock.set(T0 + LOOSER_AFTER_MS);
    expect((await limitsOf(s, m.token)).breakUntil).toEqual(none);
  });

  it('until a date: it ends at the start of that date in the member zone', async () => {
    s.clock.set(T0);
    const m = await s.member();
    await setLimits(s, m.token, { timeZone: 'Asia/Ho_Chi_Minh' });
    const until = await setLimits(s, m.token, { break: { kind: 'until', date: '2026-11-05' } });
    // 00:00 on 5 Nov in Ho Chi Minh City (UTC+7) is 17:00 UTC on 4 Nov.
    expect(until.breakUntil).toEqual({ value: Date.UTC(2026, 10, 4, 17), next: null });
    s.clock.set(Date.UTC(2026, 10, 4, 17) - 1);
    expect((await limitsOf(s, m.token)).breakUntil.value).toBe(Date.UTC(2026, 10, 4, 17));
    s.clock.set(Date.UTC(2026, 10, 4, 17));
    expect((await limitsOf(s, m.token)).breakUntil).toEqual(none);
  });
});

describe('bad input is refused with a 4xx and changes nothing', () => {
  const bad: [string, Record<string, unknown>][] = [
    ['a negative limit', { lossLimit: '-5' }],
    ['a limit of zero', { turnoverLimit: '0.00' }],
    ['a limit with three decimals', { lossLimit: '10.123' }],
    ['a huge limit', { lossLimit: '9999999999999' }],
    ['an exponent', { lossLimit: '1e3' }],
    ['a limit as a number', { lossLimit: 50 }],
    ['a limit as a boolean', { turnoverLimit: true }],
    ['a limit as an object', { turnoverLimit: {} }],
    ['an empty limit', { lossLimit: '' }],
    ['words for a limit', { turnoverLimit: 'fifty' }],
    ['a break of three days', { break: { kind: 'days', days: 3 } }],
    ['a break of days as text', { break: { kind: 'days', days: '7' } }],
    ['a break of an unknown kind', { break: { kind: 'forever' } }],
    ['a break as text', { break: 'tomorrow' }],
    ['a break until no real date', { break: { kind: 'until', date: '2026-02-30' } }],
    ['a break until a malformed date', { break: { kind: 'until', date: '5/11/2026' } }],
    ['a break until today', { break: { kind: 'until', date: '2026-11-02' } }],
    ['a break until the past', { break: { kind: 'until', date: '2020-01-01' } }],
    ['a break beyond five years', { break: { kind: 'until', date: '2040-01-01' } }],
    ['a reality check of 10 minutes', { realityMinutes: 10 }],
    ['a reality check of 61 minutes', { realityMinutes: 61 }],
    ['a reality check as text', { realityMinutes: '60' }],
    ['a reality check of 1.5 minutes', { realityMinutes: 1.5 }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }],
    ['a path for a time zone', { timeZone: '../../etc/passwd' }],
    ['SQL for a time zone', { timeZone: "UTC'; DROP TABLE users; --" }],
    ['a number for a time zone', { timeZone: 7 }],
    ['a good limit beside an unknown zone', { lossLimit: '1', timeZone: 'Nowhere/Town' }],
    ['a good limit beside a bad break', { lossLimit: '1', break: { kind: 'until', date: '2020-01-01' } }],
  ];
  it.each(bad)('%s', async (_what, body) => {
    s.clock.set(T0);
    const m = await s.member();
    await setLimits(s, m.token, { lossLimit: '100', timeZone: 'UTC' });
    const before = await limitsOf(s, m.token);
    const r = await s.call('user/limits_set', body, { token: m.token });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body.msg).toMatch(/^error\./);
    expect(await limitsOf(s, m.token)).toEqual(before);
  });

  it('a member who set nothing still has no row after a refused first request', async () => {
    const m = await s.member();
    const r = await s.call('user/limits_set', { lossLimit: '10', timeZone: 'Atlantis/Capital' }, { token: m.token });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ msg: 'error.validation', data: { fields: { timeZone: 'field.invalid' } } });
    expect(await rows(s.deps.db, sql`SELECT 1 FROM trading_limits WHERE user_id = ${m.id}`)).toEqual([]);
  });

  it('user/limits refuses an unknown device zone', async () => {
    const m = await s.member();
    expect((await s.call('user/limits', { timeZone: 'Mars/Olympus_Mons' }, { token: m.token })).status).toBe(400);
  });
});

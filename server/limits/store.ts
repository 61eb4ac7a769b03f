// user/limits and user/limits_set: a member's settings and day as the screen shows them, and the change of them
// by the rule of settings.ts (tighter at once, looser after 24 hours), in one transaction that holds the row.
import { sql } from 'drizzle-orm';
import { DEFAULT_REALITY_MINUTES, MAX_BREAK_DAYS, type BreakChange, type LimitsSetReq, type LimitsView } from '../../src/contract/limits.ts';
import { cents, fromCents, toCents, type Cents } from '../../src/shared/money.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { fieldError } from '../http/errors.ts';
import { settingsAt, type SettingsRow } from './columns.ts';
import { breakChanged, changed, lowerIsTighter, neverTighter, settingsOf, type Setting, type Settings } from './settings.ts';
import { knownZone } from './time-zones.ts';
import { dateIn, startOf, todayOf } from './today.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The member's settings at `now`, or null for a member who never set one; `lock` holds the row to the end of the transaction. */
async function settingsRead(db: Db, userId: number, now: number, lock: boolean): Promise<Settings | null> {
  const [row] = await rows<SettingsRow>(db, sql`SELECT ${settingsAt(now)} FROM trading_limits l WHERE l.user_id = ${userId}${lock ? sql` FOR UPDATE` : sql``}`);
  return row ? settingsOf(row, now) : null;
}

/** What a member who never set anything has: no limits, no break, the reality check every hour, the device's zone. */
const defaults = (zone: string): Settings => ({
  timeZone: { value: zone, next: null },
  lossLimit: { value: null, next: null },
  turnoverLimit: { value: null, next: null },
  breakUntil: { value: null, next: null },
  realityMinutes: { value: DEFAULT_REALITY_MINUTES, next: null },
});

/** user/limits: the settings, the changes waiting, and the day so far in the zone in force (`deviceZone` for a member without settings). */
export async function readLimits(db: Db, userId: number, now: number, deviceZone?: string): Promise<LimitsView> {
  const settings = (await settingsRead(db, userId, now, false)) ?? defaults(deviceZone === undefined ? 'UTC' : await knownZone(db, deviceZone));
  const zone = settings.timeZone.value ?? 'UTC';
  const today = await todayOf(db, userId, now, zone);
  const money = (s: Setting<Cents>) => ({ value: s.value === null ? null : fromCents(s.value), next: s.next && { value: s.next.value === null ? null : fromCents(s.next.value), at: s.next.at } });
  return {
    timeZone: settings.timeZone,
    lossLimit: money(settings.lossLimit),
    turnoverLimit: money(settings.turnoverLimit),
    breakUntil: settings.breakUntil,
    realityMinutes: settings.realityMinutes,
    today: {
      day: today.day,
      turnover: fromCents(today.turnover),
      net: fromCents(today.net),
      open: fromCents(today.open),
      loss: fromCents(cents(today.cost - today.paid)),
      firstTradeAt: today.first?.at ?? null,
    },
    serverTime: now,
  };
}

/**
 * The member's first settings: a row with the defaults in `zone`, and the day's counters started from the orders
 * already placed today, so a limit set in the afternoon counts the morning too. An order whose statement began
 * before this row was committed is not counted (it never saw the row); at most the orders in flight at that moment.
 */
async function createRow(db: Db, userId: number, now: number, zone: string): Promise<void> {
  const today = await todayOf(db, userId, now, zone);
  const first = today.first?.orderNo ?? null;
  await db.execute(sql`INSERT INTO trading_limits (user_id, time_zone, reality_minutes, day, day_turnover, day_cost, day_first_order, day_ledger_from, updated_at)
    VALUES (${userId}, ${zone}, ${DEFAULT_REALITY_MINUTES}, ${today.day}::date, ${today.turnover}::int8, ${today.cost}::int8, ${first},
      (SELECT coalesce(min(g.id) - 1, 0) FROM ledger g WHERE g.user_id = ${userId} AND g.ref = ${first}), ${now}::int8)
    ON CONFLICT (user_id) DO NOTHING`);
}

/** When a break asked for at `now` ends: after whole days, or at the start of a date (in `zone`) from tomorrow up to MAX_BREAK_DAYS. */
async function breakEnd(db: Db, change: Exclude<BreakChange, { kind: 'end' }>, now: number, zone: string): Promise<number> {
  if (change.kind === 'days') return now + change.days * DAY_MS;
  const z = sql`${zone}::text`;
  const [r] = await rows<{ ends: string; ok: boolean }>(
    db,
    sql`WITH t AS (SELECT ${dateIn(sql`${now}::int8`, z)} AS today)
      SELECT ${startOf(sql`${change.date}::date`, z)}::text AS ends,
        ${change.date}::date > t.today AND ${change.date}::date <= t.today + ${MAX_BREAK_DAYS}::int AS ok FROM t`,
  );
  if (r?.ok !== true) throw fieldError('break.date', 'field.invalid');
  return Number(r.ends);
}

const limitOf = (text: string | null): Cents | null => (text === null ? null : toCents(text));

/** user/limits_set: each setting asked for changes by the rule of settings.ts; the rest stay as they are. */
export async function setLimits(db: Db, userId: number, req: LimitsSetReq, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deviceZone = req.timeZone === undefined ? undefined : await knownZone(tx, req.timeZone);
    let s = await settingsRead(tx, userId, now, true);
    if (!s) {
      await createRow(tx, userId, now, deviceZone ?? 'UTC');
      s = await settingsRead(tx, userId, now, true);
      if (!s) throw new Error(`trading_limits: no row for member ${userId} after creating it`);
    }
    const zone = s.timeZone.value ?? 'UTC';
    const wantedBreak = req.break === undefined ? undefined : req.break.kind === 'end' ? null : await breakEnd(tx, req.break, now, zone);
    const next: Settings = {
      timeZone: deviceZone === undefined ? s.timeZone : changed(s.timeZone, deviceZone, neverTighter, now),
      lossLimit: req.lossLimit === undefined ? s.lossLimit : changed(s.lossLimit, limitOf(req.lossLimit), lowerIsTighter, now),
      turnoverLimit: req.turnoverLimit === undefined ? s.turnoverLimit : changed(s.turnoverLimit, limitOf(req.turnoverLimit), lowerIsTighter, now),
      breakUntil: wantedBreak === undefined ? s.breakUntil : breakChanged(s.breakUntil, wantedBreak, now),
      realityMinutes: req.realityMinutes === undefined ? s.realityMinutes : changed(s.realityMinutes, req.realityMinutes, lowerIsTighter, now),
    };
    await writeSettings(tx, userId, next, now);
  });
}

/** Writes every setting as it stands (a change whose time had come is now the value). */
async function writeSettings(db: Db, userId: number, s: Settings, now: number): Promise<void> {
  const cols = <T>(s: Setting<T>, type: 'text' | 'int8' | 'int4') => {
    const t = sql.raw(type);
    return [sql`${s.value}::${t}`, sql`${s.next ? s.next.value : null}::${t}`, sql`${s.next ? s.next.at : null}::int8`] as const;
  };
  const [zone, zoneNext, zoneAt] = cols(s.timeZone, 'text');
  const [loss, lossNext, lossAt] = cols(s.lossLimit, 'int8');
  const [turnover, turnoverNext, turnoverAt] = cols(s.turnoverLimit, 'int8');
  const [brk, brkNext, brkAt] = cols(s.breakUntil, 'int8');
  const [reality, realityNext, realityAt] = cols(s.realityMinutes, 'int4');
  await db.execute(sql`UPDATE trading_limits SET
      time_zone = ${zone}, time_zone_next = ${zoneNext}, time_zone_next_at = ${zoneAt},
      loss_limit = ${loss}, loss_limit_next = ${lossNext}, loss_limit_next_at = ${lossAt},
      turnover_limit = ${turnover}, turnover_limit_next = ${turnoverNext}, turnover_limit_next_at = ${turnoverAt},
      break_until = ${brk}, break_until_next = ${brkNext}, break_until_next_at = ${brkAt},
      reality_minutes = ${reality}, reality_minutes_next = ${realityNext}, reality_minutes_next_at = ${realityAt},
      updated_at = ${now}::int8
    WHERE user_id = ${userId}`);
}

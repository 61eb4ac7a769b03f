// A member's settings as values: what is in force, and the looser change that waits with the time it takes effect.
import { LOOSER_AFTER_MS } from '../../src/contract/limits.ts';
import { cents, type Cents } from '../../src/shared/money.ts';
import type { SettingName, SettingsRow } from './columns.ts';

export interface Waiting<T> {
  /** What takes the value's place; null: none (no limit, no break, reality check off). */
  readonly value: T | null;
  /** When, by the server's clock (epoch ms). */
  readonly at: number;
}

export interface Setting<T> {
  readonly value: T | null;
  readonly next: Waiting<T> | null;
}

export interface Settings {
  readonly timeZone: Setting<string>;
  readonly lossLimit: Setting<Cents>;
  readonly turnoverLimit: Setting<Cents>;
  /** When the break ends; null once it has (or there is none). */
  readonly breakUntil: Setting<number>;
  readonly realityMinutes: Setting<number>;
}

function settingOf<T>(row: SettingsRow, name: SettingName, parse: (text: string) => T): Setting<T> {
  const value = row[name];
  const nextAt = row[`${name}_next_at`];
  const next = row[`${name}_next`];
  return {
    value: value === null ? null : parse(value),
    next: nextAt === null ? null : { value: next === null ? null : parse(next), at: Number(nextAt) },
  };
}

/** The settings of a settingsAt row at `now`: a break that has ended reads as none. */
export function settingsOf(row: SettingsRow, now: number): Settings {
  const breakUntil = settingOf(row, 'break_until', Number);
  return {
    timeZone: settingOf(row, 'time_zone', String),
    lossLimit: settingOf(row, 'loss_limit', (s) => cents(BigInt(s))),
    turnoverLimit: settingOf(row, 'turnover_limit', (s) => cents(BigInt(s))),
    breakUntil: breakUntil.value !== null && breakUntil.value <= now ? { ...breakUntil, value: null } : breakUntil,
    realityMinutes: settingOf(row, 'reality_minutes', Number),
  };
}

/** Whether `wanted` is stricter than `current`, per kind of setting. */
export type Tighter<T> = (wanted: T | null, current: T | null) => boolean;

/** A limit or an interval: any value is tighter than none, and a smaller one than a larger one. */
export const lowerIsTighter: Tighter<bigint | number> = (wanted, current) => wanted !== null && (current === null || wanted < current);
/** A break: any is tighter than none, and a later end than an earlier one. */
export const laterIsTighter: Tighter<number> = (wanted, current) => wanted !== null && (current === null || wanted > current);
/** The time zone: another zone moves midnight, which may free a day's limit early, so every change waits. */
export const neverTighter: Tighter<string> = () => false;

/**
 * The setting once the member asks for `wanted` at `now`. The value in force already: a waiting change is
 * dropped. Tighter: in force at once, and a waiting looser change is dropped. Looser: it waits 24 hours from this
 * request, in place of any change that waited before.
 */
export function changed<T>(s: Setting<T>, wanted: T | null, tighter: Tighter<T>, now: number): Setting<T> {
  if (wanted === s.value) return { value: s.value, next: null };
  if (tighter(wanted, s.value)) return { value: wanted, next: null };
  return { value: s.value, next: { value: wanted, at: now + LOOSER_AFTER_MS } };
}

/** changed() for a break: a shorter one that could only take effect after the break has ended anyway waits for nothing. */
export function breakChanged(s: Setting<number>, wanted: number | null, now: number): Setting<number> {
  const next = changed(s, wanted, laterIsTighter, now);
  if (next.next !== null && s.value !== null && s.value <= next.next.at) return { value: s.value, next: null };
  return next;
}

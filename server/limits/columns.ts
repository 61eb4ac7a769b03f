// How every reader sees a member's settings: the value in force at its own `now`, which is the waiting change
// once that change's time has come (migrations/0016_trading_limits.sql). One SQL rule for order/create's
// statement, the deposit check, user/limits and user/limits_set, so no job has to apply a change when it falls due.
import { sql, type SQL } from 'drizzle-orm';

export const SETTINGS = ['time_zone', 'loss_limit', 'turnover_limit', 'break_until', 'reality_minutes'] as const;
export type SettingName = (typeof SETTINGS)[number];

const column = (name: string): SQL => sql.raw(`l.${name}`);

/** The setting in force at `now` (epoch ms, SQL) of the trading_limits row named `l`. */
export function inForce(name: SettingName, now: SQL): SQL {
  return sql`CASE WHEN ${column(`${name}_next_at`)} <= ${now} THEN ${column(`${name}_next`)} ELSE ${column(name)} END`;
}

/**
 * The select list of a row's settings as they stand at `now`: each in force as `<name>` and, while it still waits,
 * its change as `<name>_next` and `<name>_next_at` (null once applied). Numbers come as text (bigint exactly).
 */
export function settingsAt(now: number): SQL {
  const at = sql`${now}::int8`;
  const waits = (name: SettingName): SQL => sql`${column(`${name}_next_at`)} > ${at}`;
  return sql.join(
    SETTINGS.map(
      (name) => sql`(${inForce(name, at)})::text AS ${sql.raw(name)},
        CASE WHEN ${waits(name)} THEN ${column(`${name}_next`)}::text END AS ${sql.raw(`${name}_next`)},
        CASE WHEN ${waits(name)} THEN ${column(`${name}_next_at`)}::text END AS ${sql.raw(`${name}_next_at`)}`,
    ),
    sql`, `,
  );
}

/** A row of settingsAt: every value as text or null. */
export type SettingsRow = Record<SettingName | `${SettingName}_next` | `${SettingName}_next_at`, string | null>;
